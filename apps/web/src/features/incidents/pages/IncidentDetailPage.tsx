import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { incidentsApi } from '@portal/contract';
import type { Incident } from '@portal/contract';
import { chatMessagesKeys } from '../../../shared/api/chatMessages';
import { trackerIssuesKeys } from '../../../shared/api/trackerIssues';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { Text } from '../../../shared/ui/Typography';
import { auditsKeys } from '../../audits';
import { incidentsKeys, useIncident } from '../api';
import { IncidentStatusTag, SeverityTag } from '../components/IncidentTags';
import { StatusActions } from '../components/StatusActions';
import { TimelineTab } from '../components/TimelineTab';
import '../incidents.css';

const IncidentFormDialog = lazyDialog(() =>
  import('../components/IncidentFormDialog').then((m) => m.IncidentFormDialog),
);

// The tabs after the timeline (their tables, dialogs and the shared panels) load when first opened.
const PostmortemTab = lazy(() => import('../components/PostmortemTab').then((m) => ({ default: m.PostmortemTab })));
const ChangesTab = lazy(() => import('../components/ChangesTab').then((m) => ({ default: m.ChangesTab })));
const ChatNoticesTab = lazy(() => import('../components/ChatNoticesTab').then((m) => ({ default: m.ChatNoticesTab })));
const TrackerIssuesPanel = lazy(() =>
  import('../../../shared/ui/TrackerIssuesPanel').then((m) => ({ default: m.TrackerIssuesPanel })),
);
const later = (content: ReactNode) => (
  <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} title={false} />}>{content}</Suspense>
);

const none = <Text type="secondary">-</Text>;

/** The affected tenants and clusters, each linking to its page (hover cards from the orgs area). */
function Affected({ incident }: { incident: Incident }) {
  return (
    <span className="incident-refs">
      {incident.tenants.length === 0 && incident.clusters.length === 0 ? none : null}
      {incident.tenants.map((t) => (
        <span key={`t-${t.id}`}>
          <Text type="secondary">tenant </Text>
          <ObjectLink kind="tenant" id={t.id} /> <Text type="secondary">{t.name}</Text>
        </span>
      ))}
      {incident.clusters.map((c) => (
        <span key={`c-${c.id}`}>
          <Text type="secondary">cluster </Text>
          <ObjectLink kind="cluster" id={c.id} tenantId={c.tenant_id} /> <Text type="secondary">{c.name}</Text>
        </span>
      ))}
    </span>
  );
}

function tabsOf(incident: Incident): DetailTab[] {
  return [
    { key: 'timeline', label: 'Timeline', children: <TimelineTab incidentId={incident.id} /> },
    { key: 'postmortem', label: 'Post-mortem', children: later(<PostmortemTab incidentId={incident.id} />) },
    { key: 'changes', label: 'What changed', children: later(<ChangesTab incident={incident} />) },
    { key: 'chat', label: 'Chat notices', children: later(<ChatNoticesTab incident={incident} />) },
    {
      key: 'tracker',
      label: 'Tracker issues',
      children: later(<TrackerIssuesPanel subjectType="incident" subjectId={incident.id} />),
    },
    { key: 'audit', label: 'Audit Logs', children: <AuditLogTab type="incident" instanceId={incident.id} /> },
  ];
}

/**
 * /incidents/:incidentId: the incident — severity, status and its times, commander, affected tenants and clusters —
 * with the status actions its status allows (contract INCIDENT_TRANSITIONS) and Edit; tabs: its timeline (add a log),
 * post-mortem todo actions (synced with the issue tracker), what changed on its clusters before it started, the chat
 * notices it sent, its tracker issues and its audit logs.
 */
export function IncidentDetailPage() {
  const id = useParams().incidentId ?? '';
  const query = useIncident(id);
  const incident = query.data;
  const can = useCan();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: incidentsKeys.detail(id) });
    void client.invalidateQueries({ queryKey: incidentsKeys.of(id) });
    void client.invalidateQueries({ queryKey: chatMessagesKeys.all });
    void client.invalidateQueries({ queryKey: auditsKeys.all });
    void client.invalidateQueries({ queryKey: trackerIssuesKeys.linked('incident', id) });
  };
  const operate = can(incidentsApi.update);

  return (
    <DetailLayout
      title={incident ? `${incident.id} ${incident.title}` : `Incident ${id}`}
      tags={
        incident ? (
          <>
            <SeverityTag severity={incident.severity} />
            <IncidentStatusTag status={incident.status} />
          </>
        ) : null
      }
      loading={query.isLoading}
      error={incident ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        incident ? (
          <>
            {operate ? <StatusActions incident={incident} /> : null}
            {operate ? (
              <Button onPointerEnter={IncidentFormDialog.preload} onClick={() => setEditing(true)}>
                Edit
              </Button>
            ) : null}
            <ReloadButton loading={query.isFetching} onReload={refresh}>
              Refresh
            </ReloadButton>
          </>
        ) : null
      }
      descriptions={
        incident && [
          { key: 'id', label: 'ID', children: <Text copyable>{incident.id}</Text> },
          { key: 'status', label: 'Status', children: <IncidentStatusTag status={incident.status} /> },
          { key: 'severity', label: 'Severity', children: <SeverityTag severity={incident.severity} /> },
          { key: 'commander', label: 'Commander', children: incident.commander ?? none },
          { key: 'started', label: 'Started At', children: <DateText value={incident.started_at} withTime /> },
          {
            key: 'acknowledged',
            label: 'Acknowledged At',
            children: <DateText value={incident.acknowledged_at} withTime />,
          },
          { key: 'mitigated', label: 'Mitigated At', children: <DateText value={incident.mitigated_at} withTime /> },
          { key: 'resolved', label: 'Resolved At', children: <DateText value={incident.resolved_at} withTime /> },
          {
            key: 'created',
            label: 'Created',
            children: (
              <span>
                <DateText value={incident.created_at} withTime />
                <Text type="secondary">{` by ${incident.created_by}`}</Text>
              </span>
            ),
          },
          { key: 'affected', label: 'Affected', span: 3, children: <Affected incident={incident} /> },
          {
            key: 'description',
            label: 'Description',
            span: 3,
            children: incident.description ? <p className="incident-text">{incident.description}</p> : none,
          },
        ]
      }
      tabs={incident ? tabsOf(incident) : undefined}
    >
      {incident && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the incident failed; showing the last known state." />
      ) : null}
      {incident ? <IncidentFormDialog incident={incident} open={editing} onClose={() => setEditing(false)} /> : null}
    </DetailLayout>
  );
}
