import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { createUserBody, USER_PASSWORD_MIN_LENGTH } from '@portal/contract';
import type { CreateUserBody, PortalRole } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateUser } from '../api';
import { RoleCheckboxes } from './RoleCheckboxes';

interface Values {
  email: string;
  name: string;
  roles: PortalRole[];
  password?: string;
}

const fields = createUserBody.shape;

/** The password is optional: checked only when something is typed. */
const passwordRule: Rule = {
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === '') return;
    const result = fields.password.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
  },
};

/** Adds a portal user. Without a password they sign in through the external issuer only. */
export function AddUserModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateUser();
  return (
    <FormModal<Values>
      title="Add user"
      okText="Add"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ roles: ['viewer'] }}
      onSubmit={async (values) => {
        const body: CreateUserBody = { email: values.email.trim(), name: values.name.trim(), roles: values.roles };
        if (values.password) body.password = values.password;
        await create.mutateAsync(body);
        feedback().message.success('Create successful!');
      }}
    >
      <Form.Item name="email" label="Email" required rules={[schemaRule(fields.email)]}>
        <Input placeholder="jane.doe@example.com" autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label="Name" required rules={[schemaRule(fields.name)]}>
        <Input placeholder="Jane Doe" autoComplete="off" />
      </Form.Item>
      <Form.Item name="roles" label="Roles" required rules={[schemaRule(fields.roles)]}>
        <RoleCheckboxes aria-label="Roles" />
      </Form.Item>
      <Form.Item
        name="password"
        label="Password"
        rules={[passwordRule]}
        extra={`Optional, at least ${USER_PASSWORD_MIN_LENGTH} characters: lets them sign in on the portal's own sign-in page. Leave it empty for users who sign in through the external issuer.`}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
