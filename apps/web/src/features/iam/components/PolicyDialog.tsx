import { Alert, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { IAM_MESSAGES, IAM_NAME_PATTERN } from '@portal/contract';
import type { IamPolicy } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreatePolicy, useUpdatePolicy } from '../api';
import { policyPath } from '../lib/paths';
import { EXAMPLE_STATEMENTS, parseStatements, statementsText } from '../lib/statements';

interface Values {
  name: string;
  description: string;
  statements: string;
}

/**
 * Create a policy (then open it) or edit one: the statements as JSON, checked when the field loses focus (syntax, then
 * each statement: effect Allow or Deny, actions that are privileges or patterns matching one, resources that are API
 * paths) with each error saying where it is.
 */
export function PolicyDialog({ open, onClose, policy }: { open: boolean; onClose(): void; policy?: IamPolicy }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreatePolicy();
  const update = useUpdatePolicy(policy?.name ?? '');
  return (
    <FormModal<Values>
      title={policy ? `Edit Policy ${policy.name}` : 'Create Policy'}
      open={open}
      onClose={onClose}
      form={form}
      width={720}
      okText={policy ? 'Save' : 'Create'}
      initialValues={{
        name: policy?.name,
        description: policy?.description ?? '',
        statements: statementsText(policy?.statements ?? EXAMPLE_STATEMENTS),
      }}
      onSubmit={async (v) => {
        const parsed = parseStatements(v.statements);
        if ('errors' in parsed) throw new Error(parsed.errors.join('; '));
        if (policy) {
          await update.mutateAsync({ description: v.description ?? '', statements: parsed.statements });
          feedback().message.success('The policy has been saved');
          return;
        }
        const created = await create.mutateAsync({
          name: v.name,
          description: v.description ?? '',
          statements: parsed.statements,
        });
        feedback().message.success(`The policy ${created.name} has been created`);
        void navigate(policyPath(created.name));
      }}
    >
      {policy && policy.bindings > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Bound to ${policy.bindings} subject(s): the new statements apply to them at once.`}
        />
      ) : null}
      <Form.Item
        name="name"
        label="Name"
        rules={[
          { required: true, message: 'required' },
          { pattern: IAM_NAME_PATTERN, message: IAM_MESSAGES.name },
        ]}
      >
        <Input disabled={Boolean(policy)} autoComplete="off" placeholder="e.g. deny-ctl-write" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: 200, message: 'at most 200 characters' }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="statements"
        label="Statements (JSON)"
        validateTrigger="onBlur"
        extra='[{ "effect": "Allow" | "Deny", "actions": ["billing.read", "ctl.*"], "resources": ["*", "/api/v1/devops/*"] }] — a Deny wins over any Allow.'
        rules={[
          {
            validator: async (_, text: string | undefined) => {
              const parsed = parseStatements(text ?? '');
              if ('errors' in parsed) throw new Error(parsed.errors.join('; '));
            },
          },
        ]}
      >
        <Input.TextArea
          aria-label="Statements (JSON)"
          rows={12}
          spellCheck={false}
          style={{ fontFamily: 'var(--font-mono, monospace)', fontSize: 12 }}
        />
      </Form.Item>
    </FormModal>
  );
}
