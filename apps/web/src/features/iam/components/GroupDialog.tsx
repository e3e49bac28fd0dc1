import { Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { IAM_MESSAGES, IAM_NAME_PATTERN } from '@portal/contract';
import type { IamUserGroup } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateUserGroup, useUpdateUserGroup } from '../api';
import { groupPath } from '../lib/paths';

interface Values {
  name: string;
  description: string;
}

/** Create a user group (then open it), or change an existing group's description. */
export function GroupDialog({ open, onClose, group }: { open: boolean; onClose(): void; group?: IamUserGroup }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreateUserGroup();
  const update = useUpdateUserGroup(group?.name ?? '');
  return (
    <FormModal<Values>
      title={group ? `Edit User Group ${group.name}` : 'Create User Group'}
      open={open}
      onClose={onClose}
      form={form}
      okText={group ? 'Save' : 'Create'}
      initialValues={group ? { name: group.name, description: group.description } : { description: '' }}
      onSubmit={async (v) => {
        if (group) {
          await update.mutateAsync({ description: v.description ?? '' });
          feedback().message.success('The user group has been saved');
          return;
        }
        const created = await create.mutateAsync({ name: v.name, description: v.description ?? '' });
        feedback().message.success(`The user group ${created.name} has been created`);
        void navigate(groupPath(created.name));
      }}
    >
      <Form.Item
        name="name"
        label="Name"
        extra={group ? undefined : 'e.g. sre-oncall'}
        rules={[
          { required: true, message: 'required' },
          { pattern: IAM_NAME_PATTERN, message: IAM_MESSAGES.name },
        ]}
      >
        <Input disabled={Boolean(group)} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: 200, message: 'at most 200 characters' }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormModal>
  );
}
