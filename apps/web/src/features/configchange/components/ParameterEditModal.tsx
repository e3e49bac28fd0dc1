import { Alert, Descriptions, Form, Input, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { PARAM_MESSAGES, PARAM_TYPES, validateParamValue } from '@portal/contract';
import type { ConfigParameter, ParameterOperation, ParamType } from '@portal/contract';
import { FormModal } from '../../../shared/ui/FormModal';
import { RiskTag } from './ConfigTags';
import { Paragraph, Text } from '../../../shared/ui/Typography';

interface EditValues {
  actionType: 'set' | 'unset';
  type?: ParamType;
  value?: string;
}

export interface ParameterEditModalProps {
  parameter: ConfigParameter;
  /** The operation already pending for this parameter, if any (the dialog starts from it). */
  pending?: ParameterOperation;
  onClose(): void;
  onSave(op: ParameterOperation): void;
}

const isParamType = (type: string): type is ParamType => (PARAM_TYPES as readonly string[]).includes(type);

/** Spec §5 placeholders: long integers are not supported (values above 2^53 lose precision). */
const PLACEHOLDERS: Record<ParamType, string> = {
  int: 'an integer; long integers are not supported',
  float: 'a number, e.g. 0.75',
  string: 'the new value',
  bool: 'true or false',
  json: 'JSON, e.g. {"key": "value"}',
};

function ValueInput({
  type,
  ...rest
}: {
  type: ParamType | undefined;
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  if (type === 'bool') {
    return (
      <Select
        {...rest}
        aria-label="New value"
        placeholder={PLACEHOLDERS.bool}
        options={[
          { value: 'true', label: 'true' },
          { value: 'false', label: 'false' },
        ]}
      />
    );
  }
  const placeholder = type ? PLACEHOLDERS[type] : 'choose the type first';
  if (type === 'json') {
    return (
      <Input.TextArea
        id={rest.id}
        aria-label="New value"
        value={rest.value}
        onChange={(e) => rest.onChange?.(e.target.value)}
        placeholder={placeholder}
        autoSize={{ minRows: 3, maxRows: 10 }}
        className="mono"
      />
    );
  }
  return (
    <Input
      id={rest.id}
      aria-label="New value"
      value={rest.value}
      onChange={(e) => rest.onChange?.(e.target.value)}
      placeholder={placeholder}
    />
  );
}

function describeRules(parameter: ConfigParameter): string | null {
  const v = parameter.validation;
  const parts: string[] = [];
  if (v.enum?.length) parts.push(`one of ${v.enum.join(', ')}`);
  if (v.minimum !== undefined) parts.push(`≥ ${v.minimum}`);
  if (v.maximum !== undefined) parts.push(`≤ ${v.maximum}`);
  if (v.pattern) parts.push(`matches ${v.pattern}`);
  return parts.length ? parts.join('; ') : null;
}

/**
 * The edit dialog of one parameter (spec §3 Parameter operation): Set a new value — its input chosen by
 * the parameter type and validated with the contract's `validateParamValue`, so every spec §5 message
 * shows under the field — or Unset it (back to its default). A parameter of unknown type asks for the
 * type first.
 */
export function ParameterEditModal({ parameter, pending, onClose, onSave }: ParameterEditModalProps) {
  const [form] = Form.useForm<EditValues>();
  const knownType = isParamType(parameter.attribute.type) ? parameter.attribute.type : undefined;
  const actionType = Form.useWatch('actionType', form) ?? pending?.actionType ?? 'set';
  const chosenType = Form.useWatch('type', form);
  const type: ParamType | undefined =
    knownType ?? chosenType ?? (pending && isParamType(pending.type) ? pending.type : undefined);
  const rules = describeRules(parameter);

  const typeRules: Rule[] = [
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || !isParamType(value)) throw new Error(PARAM_MESSAGES.unknownType);
      },
    },
  ];
  const valueRules: Rule[] = [
    {
      validator: async (_rule, value: unknown) => {
        // Without a type the type field reports it.
        if (!type) return;
        const message = validateParamValue(type, typeof value === 'string' ? value : '', parameter.validation);
        if (message) throw new Error(message);
      },
    },
  ];

  return (
    <FormModal<EditValues>
      title={`Edit ${parameter.name}`}
      open
      onClose={onClose}
      form={form}
      okText="Save"
      initialValues={{
        actionType: pending?.actionType ?? 'set',
        type: knownType ?? (pending && isParamType(pending.type) ? pending.type : undefined),
        value: pending?.actionType === 'set' ? pending.value : parameter.value,
      }}
      onSubmit={async (values) => {
        const resolved = knownType ?? values.type;
        if (!resolved) return;
        onSave(
          values.actionType === 'unset'
            ? { actionType: 'unset', configType: parameter.config_type, name: parameter.name, type: resolved }
            : {
                actionType: 'set',
                configType: parameter.config_type,
                name: parameter.name,
                value: values.value ?? '',
                type: resolved,
              },
        );
      }}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'file', label: 'File', children: `${parameter.filename} (${parameter.config_type})` },
          {
            key: 'value',
            label: 'Current Value',
            children: <Text code>{parameter.value || '""'}</Text>,
          },
          {
            key: 'default',
            label: 'Default Value',
            children: <Text code>{parameter.attribute.default_value || '""'}</Text>,
          },
          { key: 'policy', label: 'Apply Policy', children: parameter.attribute.apply_policy },
          { key: 'risk', label: 'Risk Level', children: <RiskTag level={parameter.risk_level} /> },
          ...(rules ? [{ key: 'rules', label: 'Allowed', children: rules }] : []),
        ]}
      />
      {parameter.description ? (
        <Paragraph type="secondary" style={{ marginTop: -4 }}>
          {parameter.description}
        </Paragraph>
      ) : null}
      <Form.Item name="actionType" label="Action">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'set', label: 'Set' },
            { value: 'unset', label: 'Unset' },
          ]}
        />
      </Form.Item>
      {knownType ? (
        <Form.Item label="Type">
          <Text code>{knownType}</Text>
        </Form.Item>
      ) : (
        <Form.Item
          name="type"
          label="Type"
          rules={typeRules}
          required
          // Until a type is chosen, say why it is asked for (spec §5); afterwards the usual validation shows.
          help={chosenType ? undefined : PARAM_MESSAGES.unknownType}
          validateStatus={chosenType ? undefined : 'warning'}
        >
          <Select
            aria-label="Type"
            placeholder="Choose the type"
            options={PARAM_TYPES.map((t) => ({ value: t, label: t }))}
          />
        </Form.Item>
      )}
      {actionType === 'set' ? (
        <Form.Item
          name="value"
          label={type ? `New ${type} value` : 'New value'}
          rules={valueRules}
          dependencies={['type']}
          required
        >
          <ValueInput type={type} />
        </Form.Item>
      ) : (
        <Alert
          type="info"
          showIcon
          title={`Unset reverts ${parameter.name} to its default value ${parameter.attribute.default_value || '""'}.`}
        />
      )}
    </FormModal>
  );
}
