import { useState } from 'react';
import { Button, Tag } from 'antd';
import {
  CLUSTER_ALERT_MESSAGES,
  CLUSTER_ALERT_SEVERITIES,
  CLUSTER_ALERT_SEVERITY_COLORS,
  CLUSTER_ALERT_SEVERITY_LABELS,
  CLUSTER_ALERT_STATE_COLORS,
  CLUSTER_ALERT_STATE_LABELS,
  CLUSTER_ALERT_STATUSES,
  clusterMonitoringApi,
  formatDateTime,
} from '@portal/contract';
import type { ClusterAlert, ClusterAlertListQuery, ClusterAlertSeverity, ClusterAlertStatus } from '@portal/contract';
import type { ClusterSlotProps } from '../../../shared/lib/feature';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useAlertAction, useClusterAlerts } from '../api';
import { alertActions, firingDuration } from '../lib/alerts';
import { AlertSummaryView } from './AlertSummaryView';
import '../clustermonitoring.css';

const SilenceAlertDialog = lazyDialog(() => import('./SilenceAlertDialog').then((m) => m.SilenceAlertDialog));

export function SeverityTag({ severity }: { severity: ClusterAlertSeverity }) {
  return (
    <Tag color={CLUSTER_ALERT_SEVERITY_COLORS[severity]} style={{ marginInlineEnd: 0 }}>
      {CLUSTER_ALERT_SEVERITY_LABELS[severity]}
    </Tag>
  );
}

function StateTag({ alert }: { alert: ClusterAlert }) {
  return (
    <Tag color={CLUSTER_ALERT_STATE_COLORS[alert.state]} style={{ marginInlineEnd: 0 }}>
      {CLUSTER_ALERT_STATE_LABELS[alert.state]}
    </Tag>
  );
}

/** What the row's expansion shows: the description, who handled it, and the labels as the source sent them. */
function AlertDetails({ alert }: { alert: ClusterAlert }) {
  return (
    <div className="cm-alert-details">
      {alert.description ? <p>{alert.description}</p> : null}
      {alert.acknowledged_by ? (
        <p>
          Acknowledged by {alert.acknowledged_by} at {formatDateTime(alert.acknowledged_at)} UTC
          {alert.acknowledge_comment ? `: ${alert.acknowledge_comment}` : ''}
        </p>
      ) : null}
      {alert.silenced_by ? (
        <p>
          {alert.state === 'silenced' ? 'Silenced' : 'Last silenced'} by {alert.silenced_by} until{' '}
          {formatDateTime(alert.silenced_until)} UTC{alert.silence_comment ? `: ${alert.silence_comment}` : ''}
        </p>
      ) : null}
      <div className="cm-labels" aria-label="Labels">
        {Object.entries(alert.labels).map(([k, v]) => (
          <Tag key={k}>{`${k}=${v}`}</Tag>
        ))}
      </div>
    </div>
  );
}

function RowActions({ alert, onSilence }: { alert: ClusterAlert; onSilence: (a: ClusterAlert) => void }) {
  const action = useAlertAction(alert.cluster_id);
  const allowed = alertActions(alert);
  const busy = action.isPending;
  if (allowed.length === 0) return <span>-</span>;
  return (
    <div className="cm-row-actions">
      {allowed.includes('acknowledge') ? (
        <Button
          size="small"
          disabled={busy}
          onClick={() =>
            action
              .mutateAsync({ alertId: alert.id, action: 'acknowledge', body: {} })
              .then(() => {
                feedback().message.success(CLUSTER_ALERT_MESSAGES.acknowledged);
              })
              .catch(() => undefined)
          }
        >
          Acknowledge
        </Button>
      ) : null}
      {allowed.includes('silence') ? (
        <Button
          size="small"
          disabled={busy}
          onPointerEnter={SilenceAlertDialog.preload}
          onClick={() => onSilence(alert)}
        >
          Silence
        </Button>
      ) : null}
      {allowed.includes('unsilence') ? (
        <ConfirmButton
          size="small"
          disabled={busy}
          confirmTitle={`Lift the silence of ${alert.rule}?`}
          confirmContent="The alert counts again among the firing ones (and the fleet's critical alerts) at once."
          okText="Lift Silence"
          onConfirm={() =>
            action
              .mutateAsync({ alertId: alert.id, action: 'unsilence' })
              .then(() => {
                feedback().message.success(CLUSTER_ALERT_MESSAGES.unsilenced);
              })
              .catch(() => undefined)
          }
        >
          Lift Silence
        </ConfirmButton>
      ) : null}
    </div>
  );
}

/**
 * The cluster page's Alerts tab: the summary (firing now by severity, the last 7 days), then the cluster's alerts,
 * newest first, with status, severity and text filters kept in the URL; acknowledge, silence and lift a silence
 * where the state allows (the contract's table) and the user may.
 */
export function ClusterAlertsTab({ cluster }: ClusterSlotProps) {
  const can = useCan();
  const mayAct = can(clusterMonitoringApi.acknowledgeAlert);
  // The alert of the Silence dialog stays while the dialog closes (its animation).
  const [silencing, setSilencing] = useState<ClusterAlert | null>(null);
  const [silenceOpen, setSilenceOpen] = useState(false);
  const openSilence = (alert: ClusterAlert) => {
    setSilencing(alert);
    setSilenceOpen(true);
  };
  const list = useListParams(
    { status: [] as ClusterAlertStatus[], severity: [] as ClusterAlertSeverity[], search: '', sort: '-starts_at' },
    { prefix: 'alerts_' },
  );
  const { search, ...rest } = list.request;
  const query = useClusterAlerts(cluster.id, {
    ...rest,
    sort: rest.sort as ClusterAlertListQuery['sort'],
    search: search || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.status.length || filters.severity.length || filters.search);

  const columns: DataColumns<ClusterAlert> = [
    {
      title: 'Severity',
      dataIndex: 'severity',
      key: 'severity',
      render: (s: ClusterAlertSeverity) => <SeverityTag severity={s} />,
    },
    {
      title: 'Alert',
      dataIndex: 'rule',
      key: 'rule',
      render: (rule: string, row) => (
        <>
          <div className="cm-rule">{rule}</div>
          <Text type="secondary">{row.summary}</Text>
        </>
      ),
    },
    { title: 'State', key: 'state', render: (_: never, row) => <StateTag alert={row} /> },
    {
      title: 'Started (UTC)',
      dataIndex: 'starts_at',
      key: 'starts_at',
      sorter: true,
      render: (v: string) => <DateText value={v} withTime />,
    },
    {
      title: 'Ended (UTC)',
      dataIndex: 'ends_at',
      key: 'ends_at',
      render: (v: string | null) => (v ? <DateText value={v} withTime /> : '-'),
    },
    { title: 'Duration', key: 'duration', align: 'right', render: (_: never, row) => firingDuration(row) },
  ];
  if (mayAct)
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_: never, row) => <RowActions alert={row} onSilence={openSilence} />,
    });

  return (
    <>
      <AlertSummaryView clusterId={cluster.id} />
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <MultiSelectFilter
          label="Status"
          width={180}
          value={filters.status}
          options={CLUSTER_ALERT_STATUSES.map((value) => ({
            value,
            label: CLUSTER_ALERT_STATE_LABELS[value],
          }))}
          onChange={(status) => list.setFilters({ status })}
        />
        <MultiSelectFilter
          label="Severity"
          width={200}
          value={filters.severity}
          options={CLUSTER_ALERT_SEVERITIES.map((value) => ({ value, label: CLUSTER_ALERT_SEVERITY_LABELS[value] }))}
          onChange={(severity) => list.setFilters({ severity })}
        />
        <SearchInput
          value={filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Rule or summary"
          aria-label="Search alerts"
          width={240}
        />
      </ListToolbar>
      <DataTable<ClusterAlert>
        aria-label="Alerts"
        columns={columns}
        query={query}
        list={list}
        expandable={{ expandedRowRender: (row) => <AlertDetails alert={row} /> }}
        scroll={{ x: '100%' }}
        emptyText={filtered ? 'No alerts match these filters' : 'No alerts on this cluster'}
      />
      <SilenceAlertDialog alert={silencing} open={silenceOpen} onClose={() => setSilenceOpen(false)} />
    </>
  );
}
