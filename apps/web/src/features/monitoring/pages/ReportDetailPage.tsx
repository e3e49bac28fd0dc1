import { useParams } from 'react-router';
import { canDoOnComponentDiff, COMPONENT_DIFF_MESSAGES, monitoringApi } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { useCancelReport, useReport } from '../api';
import { DiffRowsTable } from '../components/DiffRowsTable';
import { ReportStatusTag, scopeText } from '../components/display';

/**
 * /component-diff/:reportId: a report's scope, progress and counters (re-read every second while the job runs), its
 * diff rows and its audit trail. Cancel is offered while the report is queued or running (the contract's table).
 */
export function ReportDetailPage() {
  const id = useParams().reportId ?? '';
  const { data: report, isLoading, isFetching, error, refetch } = useReport(id);
  const cancel = useCancelReport(id);
  const can = useCan();
  const live = report ? canDoOnComponentDiff(report.status, 'cancel') : false;

  return (
    <DetailLayout
      title={`Component-Diff Report ${id}`}
      tags={report ? <ReportStatusTag status={report.status} /> : null}
      loading={isLoading}
      error={report ? undefined : error}
      onRetry={() => void refetch()}
      extra={
        <>
          {report && can(monitoringApi.cancelReport) ? (
            <ConfirmButton
              danger
              disabled={!canDoOnComponentDiff(report.status, 'cancel')}
              loading={cancel.isPending}
              confirmTitle={`Cancel report ${id}?`}
              confirmContent={COMPONENT_DIFF_MESSAGES.cancelConfirm}
              okText="Cancel the report"
              onConfirm={() => cancel.mutateAsync()}
            >
              Cancel
            </ConfirmButton>
          ) : null}
          <ReloadButton loading={isFetching} onReload={refetch}>
            Refresh
          </ReloadButton>
        </>
      }
      descriptions={
        report && [
          { key: 'id', label: 'ID', children: report.id },
          {
            key: 'scope',
            label: 'Scope',
            children: report.scope.tenant_id ? (
              <span>
                {scopeText({ ...report.scope, tenant_id: null, tenant_name: null })} of tenant{' '}
                <TenantHoverCard tenantId={report.scope.tenant_id}>
                  {report.scope.tenant_name ?? report.scope.tenant_id}
                </TenantHoverCard>
              </span>
            ) : (
              scopeText(report.scope)
            ),
          },
          { key: 'status', label: 'Status', children: <ReportStatusTag status={report.status} /> },
          { key: 'requested_by', label: 'Requested By', children: report.requested_by },
          { key: 'note', label: 'Note', children: report.note || '-' },
          { key: 'reason', label: 'Reason', children: report.reason ?? '-' },
          { key: 'clusters', label: 'Clusters Compared', children: report.clusters_scanned },
          { key: 'components', label: 'Components Compared', children: report.components_scanned },
          { key: 'with_diff', label: 'Clusters With Diffs', children: report.clusters_with_diff },
          {
            key: 'rows',
            label: 'Diff Rows',
            children: `${report.diff_rows} (${report.version_diffs} version, ${report.image_diffs} image)`,
          },
          { key: 'created', label: 'Created At', children: <DateText value={report.created_at} withTime /> },
          { key: 'started', label: 'Started At', children: <DateText value={report.started_at} withTime /> },
          { key: 'finished', label: 'Finished At', children: <DateText value={report.finished_at} withTime /> },
        ]
      }
      tabs={
        report
          ? [
              {
                key: 'diffs',
                label: `Diffs (${report.diff_rows})`,
                children: <DiffRowsTable reportId={report.id} live={live} />,
              },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="component_diff_report" instanceId={report.id} />,
              },
            ]
          : undefined
      }
    />
  );
}
