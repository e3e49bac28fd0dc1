import { Tag } from 'antd';
import { CONFIG_TYPES, sortConfigTypes } from '@portal/contract';
import type { ConfigType, ParameterAttribute } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { Text } from '../../../shared/ui/Typography';
import { useConfigTypes, useParameterCatalogue, useVersions } from '../api/reference';
import {
  asClusterType,
  CLUSTER_TYPE_OPTIONS,
  compareVersionsDesc,
  matchesSearch,
  RISK_LEVEL_COLORS,
  validationLabel,
} from '../components/versions/labels';

const columns: DataColumns<ParameterAttribute> = [
  { title: 'Name', dataIndex: 'name', key: 'name', render: (v: string) => <Text code>{v}</Text> },
  {
    title: 'Default Value',
    dataIndex: 'default_value',
    key: 'default_value',
    ellipsis: true,
    width: 200,
    render: (v: string) => (v === '' ? <Text type="secondary">(empty)</Text> : <Text code>{v}</Text>),
  },
  { title: 'Type', dataIndex: 'type', key: 'type' },
  { title: 'Apply Policy', dataIndex: 'apply_policy', key: 'apply_policy' },
  {
    title: 'Validation',
    dataIndex: 'validation',
    key: 'validation',
    render: (v: ParameterAttribute['validation']) => validationLabel(v),
  },
  {
    title: 'Risk Level',
    dataIndex: 'risk_level',
    key: 'risk_level',
    render: (v: string) => <Tag color={RISK_LEVEL_COLORS[v] ?? 'default'}>{v}</Tag>,
  },
  { title: 'Description', dataIndex: 'description', key: 'description', ellipsis: true, width: 360 },
];

const asConfigType = (value: string | undefined): ConfigType | undefined => CONFIG_TYPES.find((t) => t === value);

/**
 * /dict, the configuration dictionary (spec §2): every parameter the catalogue knows for a config type at a cluster
 * version — default value, type, apply policy, validation and risk level — searchable by name and description.
 * Cluster type, version, config type and search live in the URL; the table pages locally, 10 per page.
 */
export function DictPage() {
  const list = useListParams({ cluster_type: 'DEDICATED_TIDB', version: '', config_type: '', search: '' });
  const clusterType = asClusterType(list.filters.cluster_type);
  const versions = useVersions(clusterType);
  const versionNames = (versions.data ?? []).map((v) => v.version).sort(compareVersionsDesc);
  const defaultVersion = versions.data?.find((v) => v.is_default)?.version ?? versionNames[0];
  const asked = list.filters.version || undefined;
  // The URL's version while the list loads or when the cluster type has it; else the default version.
  const version = asked && (!versions.data || versionNames.includes(asked)) ? asked : defaultVersion;

  const configTypes = useConfigTypes(clusterType, version, Boolean(version));
  const typeNames = sortConfigTypes(configTypes.data ?? []);
  const askedType = asConfigType(list.filters.config_type);
  const configType = askedType && (!configTypes.data || typeNames.includes(askedType)) ? askedType : typeNames[0];

  const catalogue = useParameterCatalogue(configType, version);
  const search = list.filters.search;
  const rows = catalogue.data?.items.filter((p) => matchesSearch(p, search));

  return (
    <>
      <PageHeader
        title="Configuration Dictionary"
        description="Every parameter a component knows at a version: default, type, apply policy, validation, risk."
      />
      <Panel>
        <div className="toolbar">
          <SelectFilter
            label="Cluster type"
            allowClear={false}
            value={clusterType}
            options={CLUSTER_TYPE_OPTIONS}
            onChange={(next) =>
              list.setFilters({ cluster_type: next ?? 'DEDICATED_TIDB', version: '', config_type: '' })
            }
          />
          <SelectFilter
            label="Version"
            allowClear={false}
            showSearch
            value={version}
            options={versionNames.map((v) => ({ value: v, label: v }))}
            onChange={(next) => list.setFilters({ version: next ?? '' })}
          />
          <SelectFilter<ConfigType>
            label="Config type"
            allowClear={false}
            value={configType}
            options={typeNames.map((t) => ({ value: t, label: t }))}
            onChange={(next) => list.setFilters({ config_type: next ?? '' })}
          />
          <SearchInput
            aria-label="Search parameters"
            placeholder="Search name or description"
            value={search}
            onSearch={(next) => list.setFilters({ search: next })}
          />
        </div>
        <DataTable<ParameterAttribute>
          // A new selection or search starts again from its first page.
          key={`${configType ?? ''}|${version ?? ''}|${search}`}
          aria-label="Parameters"
          rowKey="name"
          columns={columns}
          data={rows}
          loading={catalogue.isFetching || versions.isFetching || configTypes.isFetching}
          error={catalogue.error ?? versions.error ?? configTypes.error}
          onRetry={() =>
            void (catalogue.error ? catalogue.refetch() : versions.error ? versions.refetch() : configTypes.refetch())
          }
          pagination={{ pageSize: 10 }}
          emptyText={search ? `No parameter matches "${search}"` : 'No parameters'}
        />
      </Panel>
    </>
  );
}
