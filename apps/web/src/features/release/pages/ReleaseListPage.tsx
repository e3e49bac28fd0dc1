import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { CONFIG_ENVIRONMENTS, DEVOPS_RELEASE_PHASES, releaseApi } from '@portal/contract';
import type { ConfigEnvironment, DevopsRelease, DevopsReleaseListQuery, DevopsReleasePhase } from '@portal/contract';
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
import { Text } from '../../../shared/ui/Typography';
import { useReleases } from '../api';
import { ReleasePhaseTag } from '../components/tags';
import { releasePath } from '../lib/paths';
import '../release.css';

const CreateReleaseDialog = lazyDialog(() =>
  import('../components/CreateReleaseDialog').then((m) => m.CreateReleaseDialog),
);

const columns: DataColumns<DevopsRelease> = [
  {
    title: 'Release Number',
    dataIndex: 'release_number',
    key: 'release_number',
    render: (n: string, r) => <Link to={releasePath(r.id)}>{n}</Link>,
  },
  { title: 'Environment', dataIndex: 'environment', key: 'environment' },
  {
    title: 'Description',
    dataIndex: 'description',
    key: 'description',
    // Wraps (two lines at most, the whole text on hover) so that the list fits a laptop's width.
    render: (d: string) => (
      <span className="release-clamp" title={d}>
        {d}
      </span>
    ),
  },
  {
    title: 'Phase',
    dataIndex: 'phase',
    key: 'phase',
    render: (phase: DevopsReleasePhase) => <ReleasePhaseTag phase={phase} />,
  },
  {
    title: 'Released At',
    dataIndex: 'released_at',
    key: 'released_at',
    sorter: true,
    render: (v: string | null) => <DateText value={v} withTime />,
  },
  { title: 'Changes', dataIndex: ['changes', 'total'], key: 'changes', align: 'right' },
  // When and by whom in one column (two would overflow the list at laptop widths).
  {
    title: 'Created',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (v: string, r) => (
      <span>
        <DateText value={v} withTime />
        <br />
        <Text type="secondary">{r.created_by}</Text>
      </span>
    ),
  },
];

/** /release (spec §2): the releases per environment, filtered by environment, phase and a search; New Release. */
export function ReleaseListPage() {
  const list = useListParams({
    search: '',
    environment: [] as ConfigEnvironment[],
    phase: [] as DevopsReleasePhase[],
    sort: '-created_at',
  });
  const { search, ...rest } = list.request;
  const query = useReleases({
    ...rest,
    // The URL's sort: the table offers only the contract's sortable fields (anything else is refused with a 400).
    sort: rest.sort as DevopsReleaseListQuery['sort'],
    search: search || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.search || filters.environment.length || filters.phase.length);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const can = useCan();

  return (
    <>
      <PageHeader
        title="Releases"
        description="Releases per environment: their changes move through submit, check for ready, deploy and verify."
        extra={
          can(releaseApi.create) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onPointerEnter={CreateReleaseDialog.preload}
              onClick={() => setCreating(true)}
            >
              New Release
            </Button>
          ) : null
        }
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SearchInput
            value={filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by number or description"
          />
          <MultiSelectFilter
            label="Environment"
            width={200}
            value={filters.environment}
            options={CONFIG_ENVIRONMENTS.map((value) => ({ value, label: value }))}
            onChange={(environment) => list.setFilters({ environment })}
          />
          <MultiSelectFilter
            label="Phase"
            width={220}
            value={filters.phase}
            options={DEVOPS_RELEASE_PHASES.map((value) => ({ value, label: value }))}
            onChange={(phase) => list.setFilters({ phase })}
          />
        </ListToolbar>
        <DataTable<DevopsRelease>
          aria-label="Releases"
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No releases match these filters' : 'No releases'}
        />
      </Panel>
      <CreateReleaseDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(release) => navigate(releasePath(release.id))}
      />
    </>
  );
}
