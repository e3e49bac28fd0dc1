import { Form } from 'antd';
import { ADMIN_ROLE, userRolesBody } from '@portal/contract';
import type { PortalUser } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useUpdateUserRoles } from '../api';
import { RoleCheckboxes } from './RoleCheckboxes';

interface Values {
  roles: string[];
}

export const CANNOT_DEMOTE_SELF = 'You cannot remove the admin role from yourself';

export interface EditRolesModalProps {
  user: PortalUser;
  /** The user is the signed-in admin: their admin role stays (the server refuses the change too). */
  isSelf: boolean;
  onClose(): void;
}

/** Replaces a user's roles: at least one role of /rbac. */
export function EditRolesModal({ user, isSelf, onClose }: EditRolesModalProps) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateUserRoles();
  return (
    <FormModal<Values>
      title={`Edit roles of ${user.email}`}
      okText="Save"
      open
      onClose={onClose}
      form={form}
      initialValues={{ roles: user.roles }}
      onSubmit={async (values) => {
        await update.mutateAsync({ email: user.email, body: { roles: values.roles } });
        feedback().message.success('Save successful!');
      }}
    >
      <Form.Item name="roles" label="Roles" required rules={[schemaRule(userRolesBody.shape.roles)]}>
        <RoleCheckboxes
          aria-label="Roles"
          locked={isSelf ? { roles: [ADMIN_ROLE], reason: CANNOT_DEMOTE_SELF } : undefined}
        />
      </Form.Item>
    </FormModal>
  );
}
