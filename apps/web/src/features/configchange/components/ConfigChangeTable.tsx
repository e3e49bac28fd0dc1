import type { DataColumns } from '../../../shared/ui/DataTable';
import { Link } from 'react-router';
import { CLUSTER_TYPES, CONFIG_CHANGE_PHASES, TARGET_TYPES } from '@portal/contract';
import type { ClusterType, ConfigChangeListQuery, ConfigChangePhase } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { SearchInput } from '../../../shared/ui/SearchInput';
import type { ConfigChangeListItem, ConfigTargetType } from '../api';
import { useConfigChanges } from '../api';
import { changePath } from '../lib/paths';
import { ChangeTarget } from './ChangeTarget';
import { PhaseTag } from './ConfigTags';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { SelectFilter } from '../../../shared/ui/SelectFilter';

export interface ConfigChangeTableProps {
  /**
   * Only the changes of this target (a cluster, TiCDC cluster or changefeed: the Modification Histories tab; a tenant
   * with `targetType` tenant_init: its init configuration changes).
   */
  targetId?: string;
  targetType?: ConfigTargetType;
  clusterType?: ClusterType;
  /** URL key prefix of the list state. */
  prefix?: string;
}

/**
 * Configuration changes, newest first: search by modified parameter, phase, target, target type and cluster type
 * filters.
 */
export function ConfigChangeTable({ targetId, targetType, clusterType, prefix = '' }: ConfigChangeTableProps) {
  const list = useListParams(
    {
      have_modified_param_like: '',
      phase: [] as ConfigChangePhase[],
      target_id: '',
      target_type: '',
      cluster_type: '',
      sort: '-created_at',
    },
    { prefix },
  );
  const { have_modified_param_like, target_id, target_type, cluster_type, ...rest } = list.request;
  const query = useConfigChanges(
    {
      ...rest,
      // The URL's sort: the table offers only the contract's sortable fields (anything else is refused with a 400).
      sort: rest.sort as ConfigChangeListQuery['sort'],
      have_modified_param_like: have_modified_param_like || undefined,
      target_id: targetId ? undefined : target_id || undefined,
      target_type: targetId ? undefined : ((target_type || undefined) as ConfigChangeListQuery['target_type']),
      cluster_type: clusterType ?? ((cluster_type || undefined) as ClusterType | undefined),
    },
    targetId,
    targetType,
  );
  const { filters } = list;
  const filtered = Boolean(
    filters.have_modified_param_like ||
    filters.phase.length ||
    filters.target_id ||
    filters.target_type ||
    filters.cluster_type,
  );

  const columns: DataColumns<ConfigChangeListItem> = [
    { title: 'ID', dataIndex: 'id', key: 'id', render: (id: string) => <Link to={changePath(id)}>{id}</Link> },
    ...(targetId
      ? []
      : [
          {
            title: 'Target',
            key: 'target',
            render: (_: unknown, row: ConfigChangeListItem) => <ChangeTarget change={row} />,
          },
        ]),
    { title: 'Change Type', dataIndex: 'change_type', key: 'change_type' },
    { title: 'Applicant', dataIndex: 'applicant', key: 'applicant' },
    { title: 'Apply Policy', dataIndex: 'apply_policy', key: 'apply_policy' },
    { title: 'Phase', dataIndex: 'phase', key: 'phase', render: (phase: string) => <PhaseTag phase={phase} /> },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (value: string) => <DateText value={value} withTime />,
    },
  ];

  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset}>
        <SearchInput
          value={filters.have_modified_param_like}
          onSearch={(value) => list.setFilters({ have_modified_param_like: value }, { replace: true })}
          placeholder="Modified parameter name"
          aria-label="Search by modified parameter"
        />
        <MultiSelectFilter
          label="Phase"
          width={200}
          value={filters.phase}
          options={CONFIG_CHANGE_PHASES.map((value) => ({ value, label: value }))}
          onChange={(phase) => list.setFilters({ phase })}
        />
        {targetId ? null : (
          <>
            <SearchInput
              value={filters.target_id}
              onSearch={(value) => list.setFilters({ target_id: value }, { replace: true })}
              placeholder="Target ID"
              aria-label="Target ID"
              width={200}
            />
            <SelectFilter
              label="Target type"
              value={filters.target_type || undefined}
              options={TARGET_TYPES.map((value) => ({ value, label: value }))}
              onChange={(value) => list.setFilters({ target_type: value ?? '' })}
            />
            <SelectFilter
              label="Cluster type"
              value={filters.cluster_type || undefined}
              options={CLUSTER_TYPES.map((value) => ({ value, label: value }))}
              onChange={(value) => list.setFilters({ cluster_type: value ?? '' })}
            />
          </>
        )}
      </ListToolbar>
      <DataTable<ConfigChangeListItem>
        aria-label="Configuration changes"
        columns={columns}
        query={query}
        list={list}
        emptyText={filtered ? 'No configuration changes match these filters' : 'No configuration changes'}
      />
    </>
  );
}
