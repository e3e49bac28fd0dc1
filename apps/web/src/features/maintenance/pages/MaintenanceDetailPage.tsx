import { useState } from 'react';
import { Alert, Button } from 'antd';
import { Link, useParams } from 'react-router';
import { canCloseMaintenance, maintenanceApi } from '@portal/contract';
import type { ExecutionAction, MaintenanceExecution } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { useMaintenance, useMaintenanceAction } from '../api';
import { ExecutionsTable } from '../components/ExecutionsTable';
import { confirmAndRun } from '../lib/actions';

const projectPath = (tenantId: string, projectId: string) =>
  `/orgs/${encodeURIComponent(tenantId)}/projects/${encodeURIComponent(projectId)}`;

/**
 * /maintenance/:id (spec §2 Maintenance detail): project ID, schedule time, deadline and status, the executions with
 * Start, Finish and Cancel (enabled from the contract's state tables, spec §4), Close the Maintenance, and the audit
 * logs (type cluster_maintenance). Every action asks in the browser first (spec §8). While the window job is due to
 * move it (its schedule time or deadline has passed) the page re-reads it every 2 s.
 */
export function MaintenanceDetailPage() {
  const { id = '' } = useParams();
  const can = useCan();
  const query = useMaintenance(id);
  const action = useMaintenanceAction(id);
  const [busy, setBusy] = useState<{ action: string; executionId?: string } | null>(null);
  const m = query.data;

  const run = (what: ExecutionAction | 'close', execution?: MaintenanceExecution) => {
    setBusy({ action: what, executionId: execution?.id });
    void confirmAndRun({ action: what, maintenanceId: id, execution }, (input) => action.mutateAsync(input)).finally(
      () => setBusy(null),
    );
  };

  return (
    <DetailLayout
      title={`Maintenance ${id}`}
      tags={m ? <StatusTag status={m.status} /> : null}
      loading={query.isLoading}
      error={m ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        m && can(maintenanceApi.close) ? (
          <Button
            danger
            disabled={!canCloseMaintenance(m.status) || Boolean(busy)}
            loading={busy?.action === 'close'}
            onClick={() => run('close')}
          >
            Close the Maintenance
          </Button>
        ) : null
      }
      descriptions={
        m && [
          {
            key: 'project',
            label: 'Project ID',
            children: <Link to={projectPath(m.tenant_id, m.project_id)}>{m.project_id}</Link>,
          },
          { key: 'project_name', label: 'Project', children: m.project_name || '-' },
          { key: 'status', label: 'Status', children: <StatusTag status={m.status} /> },
          { key: 'schedule', label: 'Schedule Time', children: <DateText value={m.schedule_time} withTime /> },
          { key: 'deadline', label: 'Deadline', children: <DateText value={m.deadline} withTime /> },
          { key: 'created_by', label: 'Created By', children: m.created_by },
          { key: 'created_at', label: 'Created At', children: <DateText value={m.created_at} withTime /> },
          { key: 'closed_at', label: 'Closed At', children: <DateText value={m.closed_at} withTime /> },
          { key: 'close_reason', label: 'Close Reason', children: m.close_reason ?? '-' },
          {
            key: 'description',
            label: 'Description',
            span: 3,
            children: m.description ? <Text>{m.description}</Text> : '-',
          },
        ]
      }
      tabs={
        m
          ? [
              {
                key: 'executions',
                label: 'Executions',
                children: (
                  <ExecutionsTable
                    maintenance={m}
                    actions={can(maintenanceApi.start)}
                    busy={busy}
                    onAction={(what, execution) => run(what, execution)}
                  />
                ),
              },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="cluster_maintenance" instanceId={m.id} />,
              },
            ]
          : undefined
      }
    >
      {m && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the maintenance failed; showing the last known state." />
      ) : null}
    </DetailLayout>
  );
}
