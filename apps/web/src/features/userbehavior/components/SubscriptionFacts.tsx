import { Flex, Tag } from 'antd';
import { PORTAL_EVENT_LABELS } from '@portal/contract';
import type { TenantEventType, UserbehaviorSubscription } from '@portal/contract';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { Text } from '../../../shared/ui/Typography';

export const ALL_TENANTS = 'All tenants';

/** The tenant a subscription watches: every tenant, or one (a link to it, with its name). */
export function SubscriptionTenant({ s }: { s: Pick<UserbehaviorSubscription, 'tenant_id' | 'tenant_name'> }) {
  if (!s.tenant_id) return <Tag color="blue">{ALL_TENANTS}</Tag>;
  return (
    <span>
      <ObjectLink kind="tenant" id={s.tenant_id} />
      {s.tenant_name ? (
        <>
          <br />
          <Text type="secondary">{s.tenant_name}</Text>
        </>
      ) : null}
    </span>
  );
}

/** The event types as tags, by their labels. */
export function EventTypeTags({ types }: { types: readonly TenantEventType[] }) {
  return (
    <Flex gap={4} wrap>
      {types.map((t) => (
        <Tag key={t} style={{ marginInlineEnd: 0 }} title={t}>
          {PORTAL_EVENT_LABELS[t]}
        </Tag>
      ))}
    </Flex>
  );
}
