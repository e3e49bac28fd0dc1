import { Alert, Form, Input } from 'antd';
import { createRoleBody, rbacApi } from '@portal/contract';
import type { Privilege, RbacRole } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { useCan } from '../../../shared/lib/useCan';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateRole, useUpdateRole } from '../api';
import { PrivilegePicker } from './PrivilegePicker';

interface Values {
  name: string;
  description: string;
  privileges: string[];
}

const fields = createRoleBody.shape;

export interface RoleDialogProps {
  /** The role to edit (or view); create a new one when absent. */
  role?: RbacRole;
  open: boolean;
  onClose(): void;
}

/**
 * Create a role, or change a role's description and privileges (the new set replaces the old). The admin role grants
 * every privilege and is shown read-only; so is every role to those who may not manage roles.
 */
export function RoleDialog({ role, open, onClose }: RoleDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const can = useCan();
  const readOnly = role ? role.name === 'admin' || !can(rbacApi.updateRole) : false;
  return (
    <FormModal<Values>
      title={role ? `${readOnly ? 'Role' : 'Edit role'} ${role.name}` : 'Create role'}
      okText={role ? 'Save' : 'Create'}
      open={open}
      onClose={onClose}
      form={form}
      width={760}
      initialValues={
        role
          ? { name: role.name, description: role.description, privileges: role.privileges }
          : { description: '', privileges: [] }
      }
      onSubmit={async (values) => {
        if (readOnly) return;
        if (role) {
          await update.mutateAsync({
            id: role.id,
            description: values.description.trim(),
            privileges: values.privileges as Privilege[],
          });
          feedback().message.success(`Role ${role.name} saved`);
        } else {
          const created = await create.mutateAsync({
            name: values.name.trim(),
            description: values.description.trim(),
            privileges: values.privileges as Privilege[],
          });
          feedback().message.success(`Role ${created.name} created`);
        }
      }}
    >
      {role?.name === 'admin' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="The admin role always grants every privilege, so the portal cannot lose its administrators. It cannot be edited."
        />
      ) : null}
      <Form.Item
        name="name"
        label="Name"
        required={!role}
        rules={role ? [] : [schemaRule(fields.name)]}
        extra={role ? undefined : 'Lower-case letters, digits, - and _, e.g. billing-reader'}
      >
        <Input placeholder="billing-reader" disabled={Boolean(role)} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[schemaRule(fields.description)]}>
        <Input placeholder="What the role is for" disabled={readOnly} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="privileges"
        label="Privileges"
        required
        rules={[schemaRule(fields.privileges)]}
        extra="read sees an area, write makes operational changes, manage makes the changes kept for administrators."
      >
        <PrivilegePicker disabled={readOnly} />
      </Form.Item>
    </FormModal>
  );
}
