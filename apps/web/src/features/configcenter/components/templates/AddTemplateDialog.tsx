import { useState } from 'react';
import { Button, Form, Input, Modal, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONFIG_CENTER_MESSAGES, CUSTOM_TEMPLATE_CONFIG_TYPES, nextInitSqlIndex } from '@portal/contract';
import type { CreateTemplateBody } from '@portal/contract';
import { ApiError } from '../../../../shared/lib/ApiError';
import { feedback } from '../../../../shared/lib/feedback';
import { TabSet } from '../../../../shared/ui/TabSet';
import { Text } from '../../../../shared/ui/Typography';
import { useVersions } from '../../api/reference';
import { useCreateTemplate } from '../../api/templates';
import { DEFAULT_CLUSTER_TYPE } from './labels';

type FileType = (typeof CUSTOM_TEMPLATE_CONFIG_TYPES)[number];

interface ParamValues {
  name?: string;
  value?: string;
  comment?: string;
}
interface InitSqlValues {
  index: number;
  sql?: string;
}
interface Values {
  name?: string;
  version?: string;
  reason?: string;
  files?: Partial<Record<FileType, ParamValues[]>> & { init_sql?: InitSqlValues[] };
}

export const PARAMETER_NAME_REQUIRED = 'parameter name is required';
export const INIT_SQL_REQUIRED = 'the INIT_SQL paragraph is empty';

/** Spec §8 template create failure: a dialog titled Error with the server message, else the generic text. */
export function showCreateTemplateError(error: unknown): void {
  const message = error instanceof ApiError ? error.serverMessage : undefined;
  feedback().modal.error({ title: 'Error', content: message || CONFIG_CENTER_MESSAGES.templateCreateFailed });
}

/** The request of the form's values: every tab's rows (empty tabs send none). */
export function createTemplateBody(values: Values): CreateTemplateBody {
  const params = (type: FileType) =>
    (values.files?.[type] ?? []).map((p) => ({
      name: (p.name ?? '').trim(),
      value: p.value ?? '',
      comment: p.comment ?? '',
    }));
  const reason = values.reason?.trim();
  return {
    name: values.name ?? '',
    cluster_type: DEFAULT_CLUSTER_TYPE,
    change_type: 'fulltidb',
    apply_policy: 'RollingRestart',
    files: {
      tidb: params('tidb'),
      tikv: params('tikv'),
      tiflash: params('tiflash'),
      init_sql: (values.files?.init_sql ?? []).map((p) => ({ index: p.index, sql: p.sql ?? '' })),
    },
    version: { to_version: values.version ?? '' },
    ...(reason ? { reason } : {}),
  };
}

function ParameterRows({ type }: { type: FileType }) {
  return (
    <Form.List name={['files', type]}>
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 ? (
            <Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              No {type} parameters.
            </Text>
          ) : null}
          {fields.map((field, i) => (
            <div key={field.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
              <Form.Item
                name={[field.name, 'name']}
                style={{ flex: 2, marginBottom: 8 }}
                rules={[{ required: true, whitespace: true, message: PARAMETER_NAME_REQUIRED }]}
              >
                <Input aria-label={`${type} parameter ${i + 1} name`} placeholder="name, e.g. log.level" />
              </Form.Item>
              <Form.Item name={[field.name, 'value']} style={{ flex: 2, marginBottom: 8 }}>
                <Input aria-label={`${type} parameter ${i + 1} value`} placeholder="value" />
              </Form.Item>
              <Form.Item name={[field.name, 'comment']} style={{ flex: 3, marginBottom: 8 }}>
                <Input aria-label={`${type} parameter ${i + 1} comment`} placeholder="comment" />
              </Form.Item>
              <Button
                aria-label={`Remove ${type} parameter ${i + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '', comment: '' })}>
            Add {type} parameter
          </Button>
        </>
      )}
    </Form.List>
  );
}

function InitSqlParagraphs() {
  const form = Form.useFormInstance<Values>();
  return (
    <Form.List name={['files', 'init_sql']}>
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 ? (
            <Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              No INIT_SQL paragraphs.
            </Text>
          ) : null}
          {fields.map((field) => {
            const index = (form.getFieldValue(['files', 'init_sql', field.name, 'index']) as number | undefined) ?? 0;
            return (
              <div key={field.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                <Text strong style={{ minWidth: 40, paddingTop: 5 }}>
                  #{index}
                </Text>
                <Form.Item
                  name={[field.name, 'sql']}
                  style={{ flex: 1, marginBottom: 8 }}
                  rules={[{ required: true, whitespace: true, message: INIT_SQL_REQUIRED }]}
                >
                  <Input.TextArea aria-label={`INIT_SQL ${index}`} rows={2} placeholder="SQL statements" />
                </Form.Item>
                <Button
                  aria-label={`Remove INIT_SQL ${index}`}
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                />
              </div>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => {
              const current = (form.getFieldValue(['files', 'init_sql']) as InitSqlValues[] | undefined) ?? [];
              add({ index: nextInitSqlIndex(current), sql: '' });
            }}
          >
            Add INIT_SQL
          </Button>
        </>
      )}
    </Form.List>
  );
}

export interface AddTemplateDialogProps {
  open: boolean;
  onClose(): void;
  /** The create request was accepted: the configuration change carrying it. */
  onCreated(changeId: string): void;
}

/**
 * Add Template (spec §2, §7 Create template): name and version (required, spec §5), parameters per config type
 * (tidb, tikv, tiflash) and numbered INIT_SQL paragraphs (each one above the current largest, spec §9).
 */
export function AddTemplateDialog({ open, onClose, onCreated }: AddTemplateDialogProps) {
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<string>('tidb');
  const create = useCreateTemplate();
  const versions = useVersions(DEFAULT_CLUSTER_TYPE);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch (invalid) {
      // A row of another tab is invalid: show that tab.
      const first = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (first?.[0] === 'files' && typeof first[1] === 'string')
        setTab(first[1] === 'init_sql' ? 'INIT_SQL' : first[1]);
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    // Every tab's rows, including tabs not shown now.
    const values = form.getFieldsValue(true) as Values;
    try {
      const out = await create.mutateAsync(createTemplateBody(values));
      onCreated(out.change_id);
      onClose();
    } catch (error) {
      showCreateTemplateError(error);
    }
  };

  return (
    <Modal
      title="Add Template"
      open={open}
      okText="Submit"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      width={900}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ files: { tidb: [], tikv: [], tiflash: [], init_sql: [] } }}
        onFinish={() => void submit()}
      >
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="name"
            label="Name"
            required
            style={{ flex: 1 }}
            rules={[{ required: true, whitespace: true, message: CONFIG_CENTER_MESSAGES.templateNameRequired }]}
          >
            <Input aria-label="Name" maxLength={200} placeholder="template name" />
          </Form.Item>
          <Form.Item
            name="version"
            label="Version"
            required
            style={{ flex: 1 }}
            rules={[{ required: true, message: CONFIG_CENTER_MESSAGES.templateVersionRequired }]}
          >
            <Select
              aria-label="Version"
              showSearch
              loading={versions.isFetching}
              placeholder="cluster version, e.g. v8.1.1"
              options={(versions.data ?? []).map((v) => ({ value: v.version, label: v.version }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="reason" label="Reason">
          <Input.TextArea aria-label="Reason" rows={2} maxLength={1000} placeholder="Create a custom template" />
        </Form.Item>
        <TabSet
          aria-label="Template files"
          activeKey={tab}
          onChange={setTab}
          items={[
            ...CUSTOM_TEMPLATE_CONFIG_TYPES.map((type) => ({
              key: type,
              label: type,
              children: <ParameterRows type={type} />,
            })),
            { key: 'INIT_SQL', label: 'INIT_SQL', children: <InitSqlParagraphs /> },
          ]}
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
