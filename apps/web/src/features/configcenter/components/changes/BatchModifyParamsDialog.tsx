import { Alert, Button, Flex, Form, Input, Modal, Select, Skeleton } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONFIG_CENTER_MESSAGES, validateParamValue } from '@portal/contract';
import type { ChangeItem, ConfigType, ParameterAttribute } from '@portal/contract';
import { feedback } from '../../../../shared/lib/feedback';
import { ErrorState } from '../../../../shared/ui/ErrorState';
import { Paragraph, Text } from '../../../../shared/ui/Typography';
import { useBatchUpdateTemplates, useCatalogues } from '../../api/changes';

/** Messages of this form beside the spec's (§5 value messages come from `validateParamValue`). */
export const BATCH_MESSAGES = {
  nameRequired: 'select a parameter',
  nothing: 'set or unset at least one parameter',
  duplicate: (name: string) => `${name} is set more than once`,
  setAndUnset: (names: string[]) => `a parameter cannot be both set and unset: ${names.join(', ')}`,
  mixedTypes: (types: string[]) =>
    `The selected templates have different config types (${types.join(', ')}): select templates of one config type.`,
} as const;

interface SetRow {
  name?: string;
  value?: string;
}
interface BatchValues {
  set?: SetRow[];
  unset?: string[];
}

export interface BatchModifyParamsDialogProps {
  open: boolean;
  changeId: string;
  /** The selected template binding items. */
  items: ChangeItem[];
  onClose(): void;
  /** After a successful update (e.g. clear the selection). */
  onDone?(): void;
}

/**
 * Batch Modify Params (spec §2, §7 batch update templates): parameters to set — a name from the catalogue of the
 * templates' config type and version, a value validated like the parameter editor's (spec §5 messages) — and names to
 * unset, applied to every selected template.
 */
export function BatchModifyParamsDialog({ open, changeId, items, onClose, onDone }: BatchModifyParamsDialogProps) {
  const [form] = Form.useForm<BatchValues>();
  const batch = useBatchUpdateTemplates(changeId);
  const bindings = items.flatMap((i) => (i.template_binding ? [i.template_binding] : []));
  const configTypes = [...new Set(bindings.map((b) => b.origin.default_case.config_type))];
  const versions = [...new Set(bindings.map((b) => b.origin.default_case.version))].sort();
  const configType: ConfigType | undefined = configTypes.length === 1 ? configTypes[0] : undefined;
  const catalogues = useCatalogues(configType, configType ? versions : []);
  const loading = catalogues.some((q) => q.isLoading);
  const failed = catalogues.find((q) => q.error);
  // A name is offered when every selected template's catalogue knows it; each one validates the value.
  const entries = catalogues.map((q) => new Map((q.data?.items ?? []).map((p) => [p.name, p])));
  const first = catalogues[0]?.data?.items ?? [];
  const names = first.map((p) => p.name).filter((name) => entries.every((m) => m.has(name)));
  const known = new Set(names);
  const attributesOf = (name: string | undefined): ParameterAttribute[] =>
    name ? entries.flatMap((m) => (m.has(name) ? [m.get(name)!] : [])) : [];
  const options = names.map((name) => ({ value: name, label: name }));

  const submit = async () => {
    let values: BatchValues;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    const set = (values.set ?? []).filter((r): r is Required<SetRow> => Boolean(r?.name));
    const unset = values.unset ?? [];
    if (!set.length && !unset.length) {
      form.setFields([{ name: 'unset', errors: [BATCH_MESSAGES.nothing] }]);
      return;
    }
    const both = set.map((r) => r.name).filter((n) => unset.includes(n));
    if (both.length) {
      form.setFields([{ name: 'unset', errors: [BATCH_MESSAGES.setAndUnset(both)] }]);
      return;
    }
    try {
      await batch.mutateAsync({
        items: items.map((i) => i.id),
        params_to_set: set.map((r) => ({ name: r.name, value: r.value ?? '' })),
        params_to_unset: unset,
      });
    } catch {
      return; // the operation-failure dialog shows why; the form stays open
    }
    feedback().message.success(CONFIG_CENTER_MESSAGES.batchModified);
    onDone?.();
    onClose();
  };

  const body = !configType ? (
    <Alert type="error" showIcon title={BATCH_MESSAGES.mixedTypes(configTypes)} />
  ) : loading ? (
    <Skeleton active paragraph={{ rows: 3 }} />
  ) : failed ? (
    <ErrorState compact error={failed.error} onRetry={() => catalogues.forEach((q) => void q.refetch())} />
  ) : (
    <Form<BatchValues>
      form={form}
      layout="vertical"
      preserve={false}
      initialValues={{ set: [{}], unset: [] }}
      onFinish={() => void submit()}
    >
      <Form.List name="set">
        {(fields, { add, remove }) => (
          <>
            <Text strong>Parameters to set</Text>
            {fields.map((field, index) => (
              <SetRowFields
                key={field.key}
                form={form}
                index={field.name}
                position={index + 1}
                options={options}
                known={known}
                attributesOf={attributesOf}
                onRemove={() => remove(field.name)}
              />
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginBottom: 16 }}>
              Add a parameter to set
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="unset" label="Parameters to unset (back to the default value)">
        <Select
          aria-label="Parameters to unset"
          mode="multiple"
          showSearch
          allowClear
          options={options}
          placeholder="Parameter names"
        />
      </Form.Item>
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );

  return (
    <Modal
      title="Batch Modify Params"
      open={open}
      okText="Modify"
      width={720}
      okButtonProps={{ disabled: !configType || loading || Boolean(failed) }}
      confirmLoading={batch.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Paragraph type="secondary">
        {`${items.length} template${items.length === 1 ? '' : 's'}`}
        {configType ? `, config type ${configType}, version ${versions.join(', ')}` : ''}. Each change derives a draft
        of the released template; the next release carries it.
      </Paragraph>
      {body}
    </Modal>
  );
}

const isBool = (attributes: ParameterAttribute[]) => attributes[0]?.type === 'bool';

function SetRowFields({
  form,
  index,
  position,
  options,
  known,
  attributesOf,
  onRemove,
}: {
  form: FormInstance<BatchValues>;
  index: number;
  position: number;
  options: { value: string; label: string }[];
  known: ReadonlySet<string>;
  attributesOf(name: string | undefined): ParameterAttribute[];
  onRemove(): void;
}) {
  const name = Form.useWatch(['set', index, 'name'], form) as string | undefined;
  const attributes = attributesOf(name);
  const type = attributes[0]?.type;
  return (
    <Flex gap={8} align="flex-start" style={{ marginTop: 8 }}>
      <Form.Item
        name={[index, 'name']}
        style={{ flex: 1, minWidth: 0, marginBottom: 12 }}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              const rows = (getFieldValue('set') as SetRow[] | undefined) ?? [];
              // A row left blank is ignored.
              if (!value && !rows[index]?.value) return;
              if (typeof value !== 'string' || !known.has(value)) throw new Error(BATCH_MESSAGES.nameRequired);
              if (rows.filter((r) => r?.name === value).length > 1) throw new Error(BATCH_MESSAGES.duplicate(value));
            },
          }),
        ]}
      >
        <Select
          aria-label={`Parameter ${position} name`}
          showSearch
          options={options}
          placeholder="Parameter name"
          onChange={() => form.setFieldValue(['set', index, 'value'], undefined)}
        />
      </Form.Item>
      <Form.Item
        name={[index, 'value']}
        style={{ flex: 1, minWidth: 0, marginBottom: 12 }}
        dependencies={[['set', index, 'name']]}
        extra={
          type ? (
            <span>
              {type}
              {attributes[0]?.default_value !== undefined ? `, default ${attributes[0].default_value || '""'}` : ''}
            </span>
          ) : undefined
        }
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              // Without a chosen parameter the name field reports it.
              if (!attributes.length) return;
              const raw = typeof value === 'string' ? value : '';
              for (const attribute of attributes) {
                const message = validateParamValue(attribute.type, raw, attribute.validation);
                if (message) throw new Error(message);
              }
            },
          },
        ]}
      >
        {isBool(attributes) ? (
          <Select
            aria-label={`Parameter ${position} value`}
            placeholder="true or false"
            options={[
              { value: 'true', label: 'true' },
              { value: 'false', label: 'false' },
            ]}
          />
        ) : (
          <Input aria-label={`Parameter ${position} value`} placeholder={type ? `new ${type} value` : 'new value'} />
        )}
      </Form.Item>
      <Button aria-label={`Remove parameter ${position}`} icon={<DeleteOutlined />} onClick={onRemove} />
    </Flex>
  );
}
