import { Form, Input, Select } from 'antd';
import { IAM_MESSAGES, IAM_NAME_PATTERN } from '@portal/contract';
import type { CreatedIamApiKey } from '@portal/contract';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateApiKey, useIamRoles } from '../api';

interface Values {
  name: string;
  description: string;
  role: string;
  expires: string;
}

const DAY = 86_400_000;
/** Expiry choices (as GitHub or GitLab offer them): a number of days from now, or never. */
export const EXPIRY_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
];

/**
 * Create an API key: a name, what it is for, the role that scopes it and when it expires. On success the parent shows
 * the secret, once (ApiKeySecretDialog).
 */
export function CreateApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(key: CreatedIamApiKey): void;
}) {
  const [form] = Form.useForm<Values>();
  const roles = useIamRoles({ page: 1, per_page: 100 });
  const create = useCreateApiKey();
  return (
    <FormModal<Values>
      title="Create API Key"
      open={open}
      onClose={onClose}
      form={form}
      okText="Create"
      initialValues={{ description: '', expires: '90' }}
      onSubmit={async (v) => {
        const expires_at = v.expires === 'never' ? null : new Date(Date.now() + Number(v.expires) * DAY).toISOString();
        const key = await create.mutateAsync({
          name: v.name,
          description: v.description ?? '',
          role: v.role,
          expires_at,
        });
        onCreated(key);
      }}
    >
      <Form.Item
        name="name"
        label="Name"
        extra="e.g. ci-readonly"
        rules={[
          { required: true, message: 'required' },
          { pattern: IAM_NAME_PATTERN, message: IAM_MESSAGES.name },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: 200, message: 'at most 200 characters' }]}>
        <Input placeholder="What uses it" />
      </Form.Item>
      <Form.Item
        name="role"
        label="Role"
        extra="The key can do what this role grants, and no more."
        rules={[{ required: true, message: 'required' }]}
      >
        <Select
          aria-label="Role"
          placeholder="Select a role"
          loading={roles.isLoading}
          options={roles.data?.items.map((r) => ({ value: r.name, label: `${r.name} — ${r.description}` }))}
        />
      </Form.Item>
      <Form.Item name="expires" label="Expires in">
        <Select aria-label="Expires in" options={EXPIRY_OPTIONS} />
      </Form.Item>
    </FormModal>
  );
}
