import { useState } from 'react';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { CLOUD_PROVIDERS, COMPONENT_DIFF_STATUSES, monitoringApi } from '@portal/contract';
import type {
  CloudProvider,
  ComponentDiffReport,
  ComponentDiffReportListQuery,
  ComponentDiffStatus,
} from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { Text } from '../../../shared/ui/Typography';
import { useReports } from '../api';
import { ReportStatusTag, scopeText } from '../components/display';
import { reportPath } from '../paths';

const GenerateReportDialog = lazyDialog(() =>
  import('../components/GenerateReportDialog').then((m) => m.GenerateReportDialog),
);

const columns: DataColumns<ComponentDiffReport> = [
  { title: 'ID', dataIndex: 'id', key: 'id', render: (id: string) => <Link to={reportPath(id)}>{id}</Link> },
  {
    title: 'Scope',
    dataIndex: 'scope',
    key: 'scope',
    render: (scope: ComponentDiffReport['scope']) => scopeText(scope),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string) => <ReportStatusTag status={status} />,
  },
  { title: 'Clusters', dataIndex: 'clusters_scanned', key: 'clusters_scanned', align: 'right' },
  { title: 'With Diffs', dataIndex: 'clusters_with_diff', key: 'clusters_with_diff', align: 'right' },
  {
    title: 'Diff Rows',
    dataIndex: 'diff_rows',
    key: 'diff_rows',
    align: 'right',
    render: (n: number, r) => (
      <span title={`${r.version_diffs} about the version, ${r.image_diffs} about the image`}>{n}</span>
    ),
  },
  { title: 'Requested By', dataIndex: 'requested_by', key: 'requested_by' },
  {
    title: 'Note',
    dataIndex: 'note',
    key: 'note',
    render: (note: string) =>
      note ? (
        <Text style={{ maxWidth: 240 }} ellipsis={{ tooltip: note }}>
          {note}
        </Text>
      ) : (
        '-'
      ),
  },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (v: string) => <DateText value={v} withTime />,
  },
  {
    title: 'Finished At',
    dataIndex: 'finished_at',
    key: 'finished_at',
    render: (v: string | null) => <DateText value={v} withTime />,
  },
];

/**
 * /component-diff: the component-diff reports (filters, sort and page in the URL); Generate report queues one and
 * opens its page, where its counters move while the job compares the clusters.
 */
export function ReportListPage() {
  const list = useListParams({
    status: [] as ComponentDiffStatus[],
    provider: '',
    tenant_id: '',
    sort: '-created_at',
  });
  const { provider, tenant_id, ...rest } = list.request;
  const query = useReports({
    ...rest,
    sort: rest.sort as ComponentDiffReportListQuery['sort'],
    provider: (provider || undefined) as CloudProvider | undefined,
    tenant_id: tenant_id || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.status.length || filters.provider || filters.tenant_id);
  const [generating, setGenerating] = useState(false);
  const can = useCan();
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title="Component Diff"
        description="Reports comparing the running versions and images of the clusters' components with the defaults of their version in the config center."
        extra={
          can(monitoringApi.generateReport) ? (
            <Button type="primary" onPointerEnter={GenerateReportDialog.preload} onClick={() => setGenerating(true)}>
              Generate Report
            </Button>
          ) : null
        }
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <MultiSelectFilter
            label="Status"
            width={220}
            value={filters.status}
            options={COMPONENT_DIFF_STATUSES.map((value) => ({ value, label: value }))}
            onChange={(status) => list.setFilters({ status })}
          />
          <SelectFilter
            label="Provider scope"
            width={180}
            value={(filters.provider || undefined) as CloudProvider | undefined}
            options={CLOUD_PROVIDERS.map((value) => ({ value, label: value }))}
            onChange={(value) => list.setFilters({ provider: value ?? '' })}
          />
          <SearchInput
            value={filters.tenant_id}
            onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
            placeholder="Tenant ID scope"
            aria-label="Tenant ID scope"
            width={220}
          />
        </ListToolbar>
        <DataTable<ComponentDiffReport>
          aria-label="Component-diff reports"
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No reports match these filters' : 'No reports yet: generate one'}
        />
      </Panel>
      <GenerateReportDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onCreated={(report) => void navigate(reportPath(report.id))}
      />
    </>
  );
}
