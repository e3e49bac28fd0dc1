import { useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { canDoOnChange, CLUSTER_TYPES, configcenterApi, DEFAULT_CLUSTER_TYPE } from '@portal/contract';
import type { ChangeItem, ClusterType, DefaultConfigChange } from '@portal/contract';
import { useCan } from '../../../../shared/lib/useCan';
import { useSearchUpdate } from '../../../../shared/lib/useSearchUpdate';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { lazyDialog } from '../../../../shared/ui/lazyDialog';
import { Panel } from '../../../../shared/ui/Panel';
import { SelectFilter } from '../../../../shared/ui/SelectFilter';
import { Text } from '../../../../shared/ui/Typography';
import { useChangeImages, useChangeItems } from '../../api/changes';
import { useVersions } from '../../api/reference';
import type { ComponentImageRow } from '../../api/changes';
import { changePath, FIT_WIDTH } from './display';

const ComponentImagesDialog = lazyDialog(() => import('./ComponentImagesDialog').then((m) => m.ComponentImagesDialog));

const isClusterType = (v: string | null): v is ClusterType => (CLUSTER_TYPES as readonly string[]).includes(v ?? '');

/** The cluster type and version an item is about (the picker starts on the change's first item). */
function subjectOf(item: ChangeItem): { clusterType: ClusterType; version: string } | undefined {
  if (item.component_config)
    return {
      clusterType: item.component_config.origin.cluster_type,
      version: item.component_config.origin.default_case.version,
    };
  if (item.version_release)
    return { clusterType: item.version_release.cluster_type, version: item.version_release.target_version };
  if (item.template_binding)
    return {
      clusterType: item.template_binding.origin.cluster_type,
      version: item.template_binding.origin.default_case.version,
    };
  return undefined;
}

const columns = (changeId: string): DataColumns<ComponentImageRow> => [
  { title: 'Component', key: 'component', dataIndex: 'component', render: (v: string) => <Text strong>{v}</Text> },
  { title: 'Base Image', key: 'base_image', dataIndex: 'base_image', render: (v: string) => <Text code>{v}</Text> },
  {
    title: 'Source Tag',
    key: 'source_tag',
    dataIndex: 'source_tag',
    render: (v: string | null) =>
      v === null ? (
        <Tooltip title="Never released to prod">
          <Text type="secondary">-</Text>
        </Tooltip>
      ) : (
        <Text code>{v}</Text>
      ),
  },
  { title: 'Current Tag', key: 'current_tag', dataIndex: 'current_tag', render: (v: string) => <Text code>{v}</Text> },
  {
    title: 'Staged By',
    key: 'change_id',
    dataIndex: 'change_id',
    render: (id: string | null) =>
      id === null ? (
        <Text type="secondary">-</Text>
      ) : id === changeId ? (
        <Tag color="blue">this change</Tag>
      ) : (
        <Link to={changePath(id)}>{`change ${id}`}</Link>
      ),
  },
];

/**
 * Modify Images (spec §2 image modification view): the components of a cluster type and version picked here —
 * component, base image, source (released) tag, current (staged) tag — and a Modify form with one tag per component.
 */
export function ModifyImagesJob({ change }: { change: DefaultConfigChange }) {
  const can = useCan();
  const [search, updateSearch] = useSearchUpdate();
  const items = useChangeItems(change.id);
  const first = items.data?.items.map(subjectOf).find(Boolean);
  const clusterType: ClusterType = isClusterType(search.get('cluster_type'))
    ? (search.get('cluster_type') as ClusterType)
    : (first?.clusterType ?? DEFAULT_CLUSTER_TYPE);
  const versions = useVersions(clusterType);
  const known = versions.data ?? [];
  const version =
    search.get('version') ??
    (first && first.clusterType === clusterType ? first.version : undefined) ??
    known.find((v) => v.is_default)?.version ??
    known[0]?.version;
  const images = useChangeImages(change.id, clusterType, version);
  const [open, setOpen] = useState(false);
  const allowed = canDoOnChange(change.phase, 'modifyImages');

  const pick = (key: 'cluster_type' | 'version', value: string | undefined) =>
    updateSearch((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
      if (key === 'cluster_type') next.delete('version');
    }, true);

  return (
    <Panel
      title="Modify Images"
      extra={
        can(configcenterApi.batchUpdateComponents) ? (
          <Tooltip title={allowed ? undefined : `The change is ${change.phase}: no image can be changed`}>
            <Button
              type="primary"
              icon={<EditOutlined />}
              disabled={!allowed || !version || !images.data?.length}
              onPointerEnter={ComponentImagesDialog.preload}
              onClick={() => setOpen(true)}
            >
              Modify
            </Button>
          </Tooltip>
        ) : null
      }
    >
      <div className="cc-toolbar">
        <SelectFilter<ClusterType>
          label="Cluster type"
          width={200}
          allowClear={false}
          value={clusterType}
          options={CLUSTER_TYPES.map((t) => ({ value: t, label: t }))}
          onChange={(v) => pick('cluster_type', v)}
        />
        <SelectFilter<string>
          label="Version"
          width={160}
          allowClear={false}
          showSearch
          value={version}
          options={known.map((v) => ({ value: v.version, label: v.version }))}
          onChange={(v) => pick('version', v)}
        />
      </div>
      <DataTable<ComponentImageRow>
        aria-label="Images"
        size="small"
        scroll={FIT_WIDTH}
        rowKey="component"
        columns={columns(change.id)}
        data={version ? images.data : []}
        loading={images.isFetching || versions.isLoading}
        error={images.error ?? versions.error}
        onRetry={() => void (images.error ? images.refetch() : versions.refetch())}
        emptyText={version ? 'No component images' : 'Pick a version'}
      />
      {version && images.data ? (
        <ComponentImagesDialog
          open={open}
          changeId={change.id}
          clusterType={clusterType}
          version={version}
          rows={images.data}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Panel>
  );
}
