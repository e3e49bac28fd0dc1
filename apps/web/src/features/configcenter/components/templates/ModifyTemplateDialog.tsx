import { useMemo, useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { ClusterType, CreateModificationBody, DefaultCaseBinding } from '@portal/contract';
import { errorMessage } from '../../../../shared/lib/ApiError';
import { FORM_SUBMIT_FAILED } from '../../../../shared/ui/FormModal';
import { Paragraph, Text, Title } from '../../../../shared/ui/Typography';
import { useCreateModification, useTemplates } from '../../api/templates';
import { TemplateDiffTable } from './TemplateDiffTable';

export const TEMPLATE_REQUIRED = 'please select the new template';
export const mixedConfigTypesMessage = (types: readonly string[]) =>
  `The selected default cases must share one config type (they have ${types.join(', ')}): select cases of one config type.`;

export interface ModifyTemplateDialogProps {
  open: boolean;
  clusterType: ClusterType;
  /** The selected default cases (at least one; none of them staged by an in-progress change). */
  rows: DefaultCaseBinding[];
  onClose(): void;
  /** The default-config change was created. */
  onCreated(changeId: string): void;
}

interface Values {
  template_id?: string;
  reason?: string;
}

/** The request of a modification: one binding per selected row, each from its current template to the new one. */
export function modificationBody(
  rows: DefaultCaseBinding[],
  templateId: string,
  reason: string,
): CreateModificationBody {
  return {
    default_case_bindings: rows.map((row) => ({
      origin: { template_id: row.current_template.id, cluster_type: row.cluster_type, default_case: row.default_case },
      modified: { template_id: templateId },
    })),
    reason,
  };
}

/**
 * Modify (spec §2): pick the template the selected default cases should take — a default template of their cluster
 * type and config type —, see the template diff of each distinct current template against it, give a reason
 * (required, spec §5) → a default-config change.
 */
export function ModifyTemplateDialog({ open, clusterType, rows, onClose, onCreated }: ModifyTemplateDialogProps) {
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateModification();
  const configTypes = useMemo(() => [...new Set(rows.map((r) => r.default_case.config_type))], [rows]);
  const configType = configTypes.length === 1 ? configTypes[0] : undefined;
  const templates = useTemplates(
    { cluster_type: clusterType, template_type: 'default', config_type: configType, per_page: 1000, sort: 'name' },
    open && configType !== undefined,
  );
  const chosen = Form.useWatch('template_id', form);
  // Only default templates of the rows' config type (whether or not the server filtered by it).
  const candidates = (templates.data?.items ?? []).filter(
    (t) => t.tags.template_type === 'default' && t.config_type === configType,
  );
  const chosenTemplate = candidates.find((t) => t.id === chosen);
  const currents = [...new Map(rows.map((r) => [r.current_template.id, r.current_template])).values()];

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    setFailure(null);
    try {
      const out = await create.mutateAsync(
        modificationBody(rows, values.template_id ?? '', (values.reason ?? '').trim()),
      );
      onCreated(out.change_id);
      close();
    } catch (error) {
      setFailure(errorMessage(error, FORM_SUBMIT_FAILED));
    }
  };

  return (
    <Modal
      title="Modify Templates"
      open={open}
      okText="Submit"
      onOk={() => void submit()}
      onCancel={close}
      okButtonProps={{ disabled: configType === undefined }}
      confirmLoading={create.isPending}
      width={900}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Paragraph>
        {rows.length === 1 ? '1 default case' : `${rows.length} default cases`} selected
        {configType ? (
          <>
            {' '}
            (config type <Text code>{configType}</Text>)
          </>
        ) : null}
        .
      </Paragraph>
      {configType === undefined ? (
        <Alert type="warning" showIcon title={mixedConfigTypesMessage(configTypes)} />
      ) : (
        <Form<Values> form={form} layout="vertical" requiredMark onFinish={() => void submit()}>
          <Form.Item
            name="template_id"
            label="New Template"
            required
            rules={[{ required: true, message: TEMPLATE_REQUIRED }]}
          >
            <Select
              aria-label="New Template"
              showSearch={{ optionFilterProp: 'label' }}
              loading={templates.isFetching}
              placeholder={`A default ${configType} template`}
              options={candidates.map((t) => ({
                value: t.id,
                label: `${t.name} (#${t.id}) · ${t.tags.effective_minor_version}`,
              }))}
            />
          </Form.Item>
          {chosenTemplate ? (
            <section aria-label="Template diffs">
              {currents.map((current) => (
                <div key={current.id} style={{ marginBottom: 16 }}>
                  <Title level={5}>
                    {current.name} (#{current.id}) → {chosenTemplate.name} (#{chosenTemplate.id})
                  </Title>
                  <TemplateDiffTable
                    aria-label={`Diff of ${current.name} → ${chosenTemplate.name}`}
                    from={current.id}
                    to={chosenTemplate.id}
                  />
                </div>
              ))}
            </section>
          ) : null}
          <Form.Item
            name="reason"
            label="Reason"
            required
            rules={[{ required: true, whitespace: true, message: CONFIG_CENTER_MESSAGES.reasonRequired }]}
          >
            <Input.TextArea aria-label="Reason" rows={3} maxLength={1000} placeholder="Why change these defaults" />
          </Form.Item>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      )}
    </Modal>
  );
}
