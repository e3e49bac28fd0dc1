import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import {
  createJumpBody,
  displayClusterStatus,
  formatJumpDuration,
  JUMP_DEFAULT_DURATION_MINUTES,
  JUMP_DURATION_CHOICES,
  JUMP_MESSAGES,
  JUMP_REASON_MAX,
} from '@portal/contract';
import type { CreateJumpBody, JumpAuthorization } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { FormModal } from '../../../shared/ui/FormModal';
import { useClusterOptions, useJumpUsers, useRequestAccess } from '../api';

type Values = CreateJumpBody;
const fields = createJumpBody.shape;

export interface RequestAccessDialogProps {
  open: boolean;
  onClose(): void;
  /** After the request was created (e.g. to open its page). */
  onCreated?(authorization: JumpAuthorization): void;
}

/** The cluster, searched by name or id (debounced, spec §5/§9: 300 ms). */
function ClusterSelect(props: { id?: string; value?: string; onChange?(value: string): void }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useClusterOptions(search);
  const options = (data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${c.name} (${c.id})`,
    title: `${c.name} (${c.id}) · ${displayClusterStatus(c.status)}`,
  }));
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      placeholder="Search clusters by name or ID"
      options={options}
      notFoundContent={isFetching ? 'Searching…' : 'No cluster matches'}
      aria-label="Cluster"
    />
  );
}

function UserSelect(props: { id?: string; value?: string; onChange?(value: string): void }) {
  const { data, isFetching } = useJumpUsers({ is_active: 'true', per_page: 100 });
  const options = (data?.items ?? []).map((u) => ({ value: u.username, label: `${u.username} — ${u.name}` }));
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      placeholder="The account to reach the hosts as"
      options={options}
      aria-label="Jumpserver User"
    />
  );
}

const DURATIONS = JUMP_DURATION_CHOICES.map((m) => ({ value: m, label: formatJumpDuration(m) }));

/**
 * Request Access: a cluster, the jumpserver user to reach its hosts as, how long and why. Fields validate with the
 * contract's rules first; the server's refusals (a cluster without hosts, an inactive user, a request already open)
 * land on their fields or in the dialog.
 */
export function RequestAccessDialog({ open, onClose, onCreated }: RequestAccessDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useRequestAccess();
  return (
    <FormModal<Values>
      title="Request Access"
      okText="Request"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ duration_minutes: JUMP_DEFAULT_DURATION_MINUTES }}
      onSubmit={async (values) => {
        const authorization = await create.mutateAsync({ ...values, reason: values.reason.trim() });
        feedback().message.success(JUMP_MESSAGES.created);
        onCreated?.(authorization);
      }}
    >
      <Form.Item name="cluster_id" label="Cluster" required rules={[schemaRule(fields.cluster_id)]}>
        <ClusterSelect />
      </Form.Item>
      <Form.Item name="jumpserver_user" label="Jumpserver User" required rules={[schemaRule(fields.jumpserver_user)]}>
        <UserSelect />
      </Form.Item>
      <Form.Item
        name="duration_minutes"
        label="Duration"
        required
        rules={[schemaRule(fields.duration_minutes)]}
        extra="Access ends by itself when this time is up, counted from the approval."
      >
        <Select options={DURATIONS} aria-label="Duration" />
      </Form.Item>
      <Form.Item name="reason" label="Reason" required rules={[schemaRule(fields.reason)]}>
        <Input.TextArea
          rows={3}
          showCount
          maxLength={JUMP_REASON_MAX}
          placeholder="What you need to do on the hosts, and the ticket or incident"
        />
      </Form.Item>
    </FormModal>
  );
}
