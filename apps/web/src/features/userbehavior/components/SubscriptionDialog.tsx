import { useState } from 'react';
import { Checkbox, Form, Input, Select, Switch } from 'antd';
import {
  PORTAL_EVENT_LABELS,
  TENANT_EVENT_TYPES,
  USERBEHAVIOR_MESSAGES,
  USERBEHAVIOR_NAME_MAX,
  userbehaviorSubscriptionBody,
} from '@portal/contract';
import type { TenantEventType, UserbehaviorSubscription } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { FormModal } from '../../../shared/ui/FormModal';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { TextLink } from '../../../shared/ui/Typography';
import { useChats, useSaveSubscription, useTenantOptions } from '../api';

const AddChatDialog = lazyDialog(() => import('./AddChatDialog').then((m) => m.AddChatDialog));

const fields = userbehaviorSubscriptionBody.shape;

/** The form's values: `tenant_id` '' is every tenant. */
export interface SubscriptionValues {
  name: string;
  tenant_id: string;
  event_types: TenantEventType[];
  chat_id: string;
  enabled: boolean;
}

export const ALL_TENANTS_LABEL = 'All tenants';

const EVENT_OPTIONS = TENANT_EVENT_TYPES.map((value) => ({ value, label: PORTAL_EVENT_LABELS[value] }));

/** Every tenant, or one searched by name or id (debounced, spec §9: 300 ms); the current one stays offered. */
function TenantSelect(props: {
  id?: string;
  value?: string;
  onChange?(value: string): void;
  current?: { id: string; name: string | null };
}) {
  const { current, ...rest } = props;
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useTenantOptions(search);
  const found = (data?.items ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.id})` }));
  const options = [
    { value: '', label: ALL_TENANTS_LABEL },
    ...(current && !found.some((o) => o.value === current.id)
      ? [{ value: current.id, label: `${current.name ?? current.id} (${current.id})` }]
      : []),
    ...found,
  ];
  return (
    <Select
      {...rest}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      options={options}
      notFoundContent={isFetching ? 'Searching…' : 'No tenant matches'}
      aria-label="Tenant"
    />
  );
}

function ChatSelect(props: { id?: string; value?: string; onChange?(value: string): void }) {
  const { data, isFetching } = useChats();
  const options = (data ?? []).map((c) => ({ value: c.id, label: c.name, title: `${c.name} · ${c.webhook}` }));
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      placeholder="The chat that hears the events"
      options={options}
      notFoundContent={isFetching ? 'Loading…' : 'No chat registered yet: add one'}
      aria-label="Chat"
    />
  );
}

export interface SubscriptionDialogProps {
  open: boolean;
  onClose(): void;
  /** The subscription to edit; a new one without it. */
  subscription?: UserbehaviorSubscription;
  onSaved?(subscription: UserbehaviorSubscription): void;
}

/**
 * New / Edit subscription: a name, the tenant it watches (or every tenant), the tenant events it wants, the chat that
 * hears them (Add chat registers one without leaving the form) and whether it is enabled. Fields validate with the
 * contract's rules first; the server's refusals (an unknown tenant or chat) land on their fields.
 */
export function SubscriptionDialog({ open, onClose, subscription, onSaved }: SubscriptionDialogProps) {
  const [form] = Form.useForm<SubscriptionValues>();
  const save = useSaveSubscription(subscription?.id);
  const [addingChat, setAddingChat] = useState(false);
  const initialValues: Partial<SubscriptionValues> = subscription
    ? {
        name: subscription.name,
        tenant_id: subscription.tenant_id ?? '',
        event_types: subscription.event_types,
        chat_id: subscription.chat_id,
        enabled: subscription.enabled,
      }
    : { name: '', tenant_id: '', event_types: [], enabled: true };
  return (
    <>
      <FormModal<SubscriptionValues>
        title={subscription ? `Edit subscription ${subscription.name}` : 'New subscription'}
        okText={subscription ? 'Save' : 'Create'}
        open={open}
        onClose={onClose}
        form={form}
        initialValues={initialValues}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync({
            name: values.name.trim(),
            tenant_id: values.tenant_id || null,
            event_types: values.event_types,
            chat_id: values.chat_id,
            enabled: values.enabled,
          });
          feedback().message.success(subscription ? USERBEHAVIOR_MESSAGES.saved : USERBEHAVIOR_MESSAGES.created);
          onSaved?.(saved);
        }}
      >
        <Form.Item name="name" label="Name" required rules={[schemaRule(fields.name)]}>
          <Input placeholder="e.g. Failed payments (all tenants)" maxLength={USERBEHAVIOR_NAME_MAX} />
        </Form.Item>
        <Form.Item name="tenant_id" label="Tenant" rules={[schemaRule(fields.tenant_id)]}>
          <TenantSelect
            current={
              subscription?.tenant_id ? { id: subscription.tenant_id, name: subscription.tenant_name } : undefined
            }
          />
        </Form.Item>
        <Form.Item name="event_types" label="Event types" required rules={[schemaRule(fields.event_types)]}>
          <Checkbox.Group options={EVENT_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="chat_id"
          label="Chat"
          required
          rules={[schemaRule(fields.chat_id)]}
          extra={<TextLink onClick={() => setAddingChat(true)}>Add chat…</TextLink>}
        >
          <ChatSelect />
        </Form.Item>
        <Form.Item name="enabled" label="Enabled" valuePropName="checked">
          <Switch aria-label="Enabled" />
        </Form.Item>
      </FormModal>
      <AddChatDialog
        open={addingChat}
        onClose={() => setAddingChat(false)}
        onAdded={(chat) => form.setFieldValue('chat_id', chat.id)}
      />
    </>
  );
}
