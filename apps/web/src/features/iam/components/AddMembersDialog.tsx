import { useState } from 'react';
import { Form, Select } from 'antd';
import { IAM_MESSAGES } from '@portal/contract';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useAddGroupMembers, useIamUsers } from '../api';

interface Values {
  emails: string[];
}

/** Adds portal users to a group; those already in it are not offered. */
export function AddMembersDialog({
  open,
  onClose,
  group,
  members,
}: {
  open: boolean;
  onClose(): void;
  group: string;
  members: readonly string[];
}) {
  const [form] = Form.useForm<Values>();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, 250);
  const users = useIamUsers({ page: 1, per_page: 50, search: search || undefined });
  const add = useAddGroupMembers(group);
  const options = (users.data?.items ?? [])
    .filter((u) => !members.includes(u.email))
    .map((u) => ({ value: u.email, label: `${u.name} (${u.email})` }));
  return (
    <FormModal<Values>
      title={`Add Members to ${group}`}
      open={open}
      onClose={onClose}
      form={form}
      okText="Add"
      onSubmit={async (v) => {
        await add.mutateAsync({ emails: v.emails });
        feedback().message.success(
          v.emails.length === 1 ? `${v.emails[0]} has been added` : `${v.emails.length} users have been added`,
        );
      }}
    >
      <Form.Item name="emails" label="Users" rules={[{ required: true, message: IAM_MESSAGES.emailsRequired }]}>
        <Select
          mode="multiple"
          aria-label="Users"
          placeholder="Search by email or name"
          showSearch={{ filterOption: false, onSearch: setText }}
          options={options}
          loading={users.isFetching}
          notFoundContent={users.isFetching ? 'Loading…' : 'No user matches'}
        />
      </Form.Item>
    </FormModal>
  );
}
