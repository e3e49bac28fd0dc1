import { Link } from 'react-router';
import {
  AIOPS_ISSUE_STATUS_LABELS,
  AIOPS_ISSUE_STATUSES,
  AIOPS_RULES,
  AIOPS_SEVERITIES,
  AIOPS_SEVERITY_LABELS,
} from '@portal/contract';
import type { AiopsIssue, AiopsIssueListQuery, AiopsIssueStatus, AiopsRuleKey, AiopsSeverity } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { TabSet } from '../../../shared/ui/TabSet';
import { Text } from '../../../shared/ui/Typography';
import { useAiopsIssues } from '../api';
import { AiopsSeverityTag, AiopsStatusTag } from '../components/AiopsTags';
import { ReportsTable } from '../components/ReportsTable';
import { aiopsIssuePath } from '../paths';

const columns: DataColumns<AiopsIssue> = [
  {
    title: 'Issue',
    dataIndex: 'key',
    key: 'key',
    render: (key: string) => (
      <Link to={aiopsIssuePath(key)} style={{ whiteSpace: 'nowrap' }}>
        {key}
      </Link>
    ),
  },
  {
    title: 'Rule',
    key: 'rule',
    render: (_: unknown, row) => (
      <span>
        {row.rule_name}
        <br />
        <Text type="secondary" code>
          {row.metric}
        </Text>
      </span>
    ),
  },
  {
    title: 'Severity',
    dataIndex: 'severity',
    key: 'severity',
    render: (severity: AiopsSeverity) => <AiopsSeverityTag severity={severity} />,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: AiopsIssueStatus) => <AiopsStatusTag status={status} />,
  },
  {
    title: 'Cluster',
    key: 'cluster',
    render: (_: unknown, row) => (
      <span>
        <ObjectLink kind="cluster" id={row.cluster_id} tenantId={row.tenant_id} />
        <br />
        <Text type="secondary" style={{ maxWidth: 200 }} ellipsis={{ tooltip: row.cluster_name }}>
          {row.cluster_name}
        </Text>
      </span>
    ),
  },
  {
    title: 'Tenant',
    dataIndex: 'tenant_name',
    key: 'tenant',
    render: (name: string) => (
      <Text style={{ maxWidth: 180 }} ellipsis={{ tooltip: name }}>
        {name}
      </Text>
    ),
  },
  {
    title: 'First Seen (UTC)',
    dataIndex: 'first_seen',
    key: 'first_seen',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  {
    title: 'Last Seen (UTC)',
    dataIndex: 'last_seen',
    key: 'last_seen',
    sorter: true,
    render: (value: string, row) => (
      <span>
        <DateText value={value} withTime />
        {row.firing ? (
          <>
            <br />
            <Text type="danger">firing</Text>
          </>
        ) : null}
      </span>
    ),
  },
];

const RULE_OPTIONS = AIOPS_RULES.map((r) => ({ value: r.key, label: r.name }));

function IssueList() {
  const list = useListParams({
    search: '',
    status: [] as AiopsIssueStatus[],
    severity: [] as AiopsSeverity[],
    rule: [] as AiopsRuleKey[],
    cluster_id: '',
    tenant_id: '',
    sort: '-last_seen',
  });
  const { search, cluster_id, tenant_id, ...rest } = list.request;
  const query = useAiopsIssues({
    ...rest,
    // The URL's sort: the table offers only the contract's sortable fields (anything else is refused with a 400).
    sort: rest.sort as AiopsIssueListQuery['sort'],
    search: search || undefined,
    cluster_id: cluster_id || undefined,
    tenant_id: tenant_id || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(
    filters.search ||
    filters.status.length ||
    filters.severity.length ||
    filters.rule.length ||
    filters.cluster_id ||
    filters.tenant_id,
  );
  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SearchInput
          value={filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Issue key, e.g. AIOPS-1001"
          aria-label="Search issues"
          width={220}
        />
        <MultiSelectFilter
          label="Status"
          width={200}
          value={filters.status}
          options={AIOPS_ISSUE_STATUSES.map((value) => ({ value, label: AIOPS_ISSUE_STATUS_LABELS[value] }))}
          onChange={(status) => list.setFilters({ status })}
        />
        <MultiSelectFilter
          label="Severity"
          width={180}
          value={filters.severity}
          options={AIOPS_SEVERITIES.map((value) => ({ value, label: AIOPS_SEVERITY_LABELS[value] }))}
          onChange={(severity) => list.setFilters({ severity })}
        />
        <MultiSelectFilter
          label="Rule"
          width={220}
          value={filters.rule}
          options={RULE_OPTIONS}
          onChange={(rule) => list.setFilters({ rule })}
        />
        <SearchInput
          value={filters.cluster_id}
          onSearch={(value) => list.setFilters({ cluster_id: value }, { replace: true })}
          placeholder="Cluster ID"
          aria-label="Cluster ID"
          width={160}
        />
        <SearchInput
          value={filters.tenant_id}
          onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
          placeholder="Tenant ID"
          aria-label="Tenant ID"
          width={180}
        />
      </ListToolbar>
      <DataTable<AiopsIssue>
        aria-label="AIOps issues"
        columns={columns}
        query={query}
        list={list}
        scroll={{ x: '100%' }}
        emptyText={filtered ? 'No issues match these filters' : 'No issues'}
      />
    </>
  );
}

/**
 * /aiops/issues: the issues the anomaly rules found (filters, sort and page in the URL), most recently seen first, and
 * the daily reports in their own tab.
 */
export function AiopsIssuesPage() {
  const [search, updateSearch] = useSearchUpdate();
  const tab = search.get('tab') ?? 'issues';
  const setTab = (next: string) =>
    updateSearch((sp) => {
      if (next === 'issues') sp.delete('tab');
      else sp.set('tab', next);
    }, true);
  return (
    <>
      <PageHeader
        title="AIOps Issues"
        description="Anomalies the detector found in the fleet's metrics, one issue per rule and cluster until resolved; daily reports summarise them."
      />
      <Panel>
        <TabSet
          aria-label="AIOps"
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'issues', label: 'Issues', children: <IssueList /> },
            { key: 'reports', label: 'Reports', children: <ReportsTable /> },
          ]}
        />
      </Panel>
    </>
  );
}
