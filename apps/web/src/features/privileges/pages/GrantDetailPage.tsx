import { Timeline } from 'antd';
import { useParams } from 'react-router';
import type { GrantDetail, GrantEvent } from '@portal/contract';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { Paragraph, Text } from '../../../shared/ui/Typography';
import { useGrant } from '../api';
import { GrantActions } from '../components/GrantActions';
import { GrantStatusTag, TimeWithRelative } from '../components/display';

const EVENT_TEXT: Record<GrantEvent, { label: string; color: string }> = {
  requested: { label: 'Requested', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  revoked: { label: 'Revoked', color: 'red' },
  expires: { label: 'Expires', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
};

function GrantTimeline({ grant }: { grant: GrantDetail }) {
  return (
    <Timeline
      aria-label="Grant timeline"
      items={grant.timeline.map((e) => ({
        color: EVENT_TEXT[e.event].color,
        content: (
          <div>
            <Text strong>{EVENT_TEXT[e.event].label}</Text>
            {e.by ? <Text> by {e.by}</Text> : null} <Text type="secondary">·</Text>{' '}
            {e.event === 'expires' ? <TimeWithRelative value={e.at} /> : <DateText value={e.at} withTime />}
            {e.note ? (
              <Paragraph type="secondary" style={{ margin: 0 }}>
                {e.note}
              </Paragraph>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}

/**
 * /privilege/:privId: a grant's facts, its timeline (requested, approved or rejected, revoked, expiry), Approve /
 * Reject / Revoke when the caller may, and its audit logs.
 */
export function GrantDetailPage() {
  const raw = useParams().privId ?? '';
  const id = Number(raw);
  const { data: grant, isLoading, isFetching, error, refetch } = useGrant(id);
  const invalid = !(Number.isSafeInteger(id) && id > 0);

  return (
    <DetailLayout
      title={grant ? `Privilege grant ${grant.id}: ${grant.privilege}` : `Privilege grant ${raw}`}
      tags={grant ? <GrantStatusTag status={grant.status} /> : null}
      loading={isLoading}
      error={grant ? undefined : invalid ? new Error(`No privilege grant has the id ${raw}`) : error}
      onRetry={() => void refetch()}
      extra={
        grant ? (
          <>
            <GrantActions grant={grant} />
            <ReloadButton loading={isFetching} onReload={refetch}>
              Refresh
            </ReloadButton>
          </>
        ) : null
      }
      descriptions={
        grant && [
          {
            key: 'user',
            label: 'User',
            children: grant.user_name ? `${grant.user_name} <${grant.user_email}>` : grant.user_email,
          },
          { key: 'privilege', label: 'Privilege', children: <Text code>{grant.privilege}</Text> },
          { key: 'status', label: 'Status', children: <GrantStatusTag status={grant.status} /> },
          { key: 'what', label: 'Allows', children: grant.privilege_description || '-' },
          { key: 'requested_by', label: 'Requested By', children: grant.requested_by },
          { key: 'decided_by', label: 'Decided By', children: grant.decided_by ?? '-' },
          { key: 'created', label: 'Requested At', children: <DateText value={grant.created_at} withTime /> },
          { key: 'expires', label: 'Expires At', children: <TimeWithRelative value={grant.expires_at} /> },
          { key: 'revoked', label: 'Revoked At', children: <DateText value={grant.revoked_at} withTime /> },
          { key: 'reason', label: 'Reason', span: 'filled', children: grant.reason },
        ]
      }
      tabs={
        grant
          ? [
              { key: 'timeline', label: 'Timeline', children: <GrantTimeline grant={grant} /> },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="privilege_grant" instanceId={String(grant.id)} />,
              },
            ]
          : undefined
      }
    />
  );
}
