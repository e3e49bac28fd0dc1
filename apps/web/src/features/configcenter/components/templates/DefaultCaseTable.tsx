import { useState } from 'react';
import type { Key } from 'react';
import { Alert, Button, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { configcenterApi } from '@portal/contract';
import type { ConfigType, DefaultCaseBinding, DefaultCaseQuery } from '@portal/contract';
import { useCan } from '../../../../shared/lib/useCan';
import { useListParams } from '../../../../shared/lib/useListParams';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { lazyDialog } from '../../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../../shared/ui/MultiSelectFilter';
import { SelectFilter } from '../../../../shared/ui/SelectFilter';
import { Text, TextLink } from '../../../../shared/ui/Typography';
import { useConfigTypes, useInstanceTypes, useVersions } from '../../api/reference';
import { useDefaultCases } from '../../api/templates';
import {
  anyLabel,
  DEFAULT_CLUSTER_TYPE,
  defaultChangePath,
  instanceTypeLabel,
  instanceTypeValue,
  NONE,
  parseInstanceTypeValue,
  CLUSTER_TYPE_OPTIONS,
  asClusterType,
  templatePath,
} from './labels';
import { TemplateParameters } from './ParameterTable';

const DiffDialog = lazyDialog(() => import('./DiffDialog').then((m) => m.DiffDialog));
const ModifyTemplateDialog = lazyDialog(() => import('./ModifyTemplateDialog').then((m) => m.ModifyTemplateDialog));

/** A row staged by an in-progress change belongs to it: it cannot be modified again (decision 0012). */
export const isSelectable = (row: DefaultCaseBinding) => row.change_id === null;

/**
 * The default-case table of /template's Default Templates tab (spec §2): filters cluster type, version, config type
 * and instance type (all in the URL); version, cloud provider, instance type, config type, source and current
 * template and a Diff action per row; rows expand to the current template's parameters; selected rows are modified
 * together (Modify does nothing with none selected, spec §5).
 */
export function DefaultCaseTable() {
  const list = useListParams({
    cluster_type: DEFAULT_CLUSTER_TYPE as string,
    version: '',
    config_type: [] as ConfigType[],
    instance_type: '',
  });
  const { filters } = list;
  const clusterType = asClusterType(filters.cluster_type);
  const versions = useVersions(clusterType);
  const configTypes = useConfigTypes(clusterType);
  const instanceTypes = useInstanceTypes(clusterType);

  const { request } = list;
  const instance = parseInstanceTypeValue(request.instance_type);
  const query: DefaultCaseQuery = {
    cluster_type: asClusterType(request.cluster_type),
    default_for_version: request.version || undefined,
    default_for_cloud_provider: instance?.provider as DefaultCaseQuery['default_for_cloud_provider'],
    default_for_instance_type: instance?.instanceType,
    config_type_is: request.config_type.length ? request.config_type : undefined,
    page: request.page,
    per_page: request.per_page,
  };
  const cases = useDefaultCases(query);

  // The selection (kept across pages) belongs to one set of filters: other filters start from none.
  const filterKey = JSON.stringify([clusterType, filters.version, filters.config_type, filters.instance_type]);
  const [selection, setSelection] = useState<{ filterKey: string; rows: Map<Key, DefaultCaseBinding> }>(() => ({
    filterKey,
    rows: new Map(),
  }));
  const selected = selection.filterKey === filterKey ? selection.rows : new Map<Key, DefaultCaseBinding>();
  const onSelect = (keys: Key[], pageRows: DefaultCaseBinding[]) => {
    const next = new Map<Key, DefaultCaseBinding>();
    for (const key of keys) {
      const row = pageRows.find((r) => r.key === key) ?? selected.get(key);
      if (row) next.set(key, row);
    }
    setSelection({ filterKey, rows: next });
  };

  const [diffRow, setDiffRow] = useState<DefaultCaseBinding | null>(null);
  const [modifying, setModifying] = useState(false);
  const [createdChange, setCreatedChange] = useState<string | null>(null);
  const can = useCan();

  const filtered = Boolean(
    filters.cluster_type !== DEFAULT_CLUSTER_TYPE ||
    filters.version ||
    filters.config_type.length ||
    filters.instance_type,
  );

  const columns: DataColumns<DefaultCaseBinding> = [
    { title: 'Version', key: 'version', dataIndex: ['default_case', 'version'] },
    {
      title: 'Cloud Provider',
      key: 'cloud_provider',
      dataIndex: ['default_case', 'cloud_provider'],
      render: (value: string | null) => anyLabel(value),
    },
    {
      title: 'Instance Type',
      key: 'instance_type',
      dataIndex: ['default_case', 'instance_type'],
      render: (value: string | null) => anyLabel(value),
    },
    { title: 'Config Type', key: 'config_type', dataIndex: ['default_case', 'config_type'] },
    {
      title: 'Source Template',
      key: 'source_template',
      render: (_: unknown, row: DefaultCaseBinding) =>
        row.source_template ? (
          <Link to={templatePath(row.source_template.id, row.cluster_type)}>{row.source_template.name}</Link>
        ) : (
          <Text type="secondary">{NONE}</Text>
        ),
    },
    {
      title: 'Current Template',
      key: 'current_template',
      render: (_: unknown, row: DefaultCaseBinding) => (
        <span>
          <Link to={templatePath(row.current_template.id, row.cluster_type)}>{row.current_template.name}</Link>
          {row.change_id ? (
            <>
              {' '}
              <Tag color="processing" style={{ marginInlineEnd: 0 }}>
                <Link to={defaultChangePath(row.change_id)} aria-label={`In change ${row.change_id}`}>
                  In change {row.change_id}
                </Link>
              </Tag>
            </>
          ) : null}
        </span>
      ),
    },
    {
      title: 'Action',
      key: 'action',
      render: (_: unknown, row: DefaultCaseBinding) =>
        row.source_template ? (
          <TextLink onClick={() => setDiffRow(row)}>Diff</TextLink>
        ) : (
          <span title="Never released to prod: no source template to compare with">
            <Text type="secondary">Diff</Text>
          </span>
        ),
    },
  ];

  const selectedRows = [...selected.values()];
  const canModify = can(configcenterApi.createModification);

  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset}>
        <SelectFilter
          label="Cluster type"
          allowClear={false}
          value={clusterType}
          options={CLUSTER_TYPE_OPTIONS}
          onChange={(value) =>
            // Versions, config types and instance types are per cluster type.
            list.setFilters({
              cluster_type: value ?? DEFAULT_CLUSTER_TYPE,
              version: '',
              config_type: [],
              instance_type: '',
            })
          }
        />
        <SelectFilter
          label="Version"
          showSearch
          value={filters.version || undefined}
          options={(versions.data ?? []).map((v) => ({ value: v.version, label: v.version }))}
          onChange={(version) => list.setFilters({ version: version ?? '' })}
        />
        <MultiSelectFilter<ConfigType>
          label="Config type"
          width={220}
          value={filters.config_type as ConfigType[]}
          options={(configTypes.data ?? []).map((value) => ({ value, label: value }))}
          onChange={(config_type) => list.setFilters({ config_type })}
        />
        <SelectFilter
          label="Instance type"
          showSearch
          width={240}
          value={filters.instance_type || undefined}
          options={(instanceTypes.data ?? []).map((t) => ({
            value: instanceTypeValue(t.cloud_provider, t.instance_type),
            label: instanceTypeLabel(t.cloud_provider, t.instance_type),
          }))}
          onChange={(value) => list.setFilters({ instance_type: value ?? '' })}
        />
        {canModify ? (
          <Button
            type="primary"
            icon={<EditOutlined />}
            disabled={selectedRows.length === 0}
            onPointerEnter={ModifyTemplateDialog.preload}
            onClick={() => {
              if (selectedRows.length) setModifying(true);
            }}
          >
            {selectedRows.length ? `Modify (${selectedRows.length})` : 'Modify'}
          </Button>
        ) : null}
      </ListToolbar>
      {createdChange ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setCreatedChange(null) }}
          style={{ marginBottom: 12 }}
          title={
            <span>
              Default-config change created: <Link to={defaultChangePath(createdChange)}>{createdChange}</Link>. Release
              it to an environment from its page.
            </span>
          }
        />
      ) : null}
      <DataTable<DefaultCaseBinding>
        aria-label="Default cases"
        rowKey="key"
        columns={columns}
        query={cases}
        list={list}
        expandable={{
          expandedRowRender: (row) => (
            <TemplateParameters templateId={row.current_template.id} clusterType={row.cluster_type} />
          ),
        }}
        rowSelection={{
          selectedRowKeys: [...selected.keys()],
          onChange: onSelect,
          getCheckboxProps: (row) => ({ disabled: !isSelectable(row) }),
        }}
        emptyText={filtered ? 'No default cases match these filters' : 'No default cases'}
      />
      <DiffDialog open={diffRow !== null} row={diffRow} onClose={() => setDiffRow(null)} />
      <ModifyTemplateDialog
        open={modifying}
        clusterType={clusterType}
        rows={selectedRows}
        onClose={() => setModifying(false)}
        onCreated={(changeId) => {
          setCreatedChange(changeId);
          setSelection({ filterKey, rows: new Map() });
        }}
      />
    </>
  );
}
