import { useState } from 'react';
import { Button, Flex, Tag } from 'antd';
import { Link } from 'react-router';
import { DEFAULT_SKU_CLOUD_PROVIDER, skuServiceApi } from '@portal/contract';
import type { CloudProvider, Sku, SkuComponentType, SkuListQuery } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { Text } from '../../../shared/ui/Typography';
import { useSkus } from '../api';
import { COMPONENT_LABELS, componentOptions, providerOptions } from '../lib/options';
import { storageSummary } from '../lib/storage';

const SkuCreateDialog = lazyDialog(() => import('../components/SkuCreateDialog').then((m) => m.SkuCreateDialog));
const SkuUpdateDialog = lazyDialog(() => import('../components/SkuUpdateDialog').then((m) => m.SkuUpdateDialog));

const q = (k: string, v: string) => `${k}=${encodeURIComponent(v)}`;

/**
 * The SKU tab (spec §2, §3 SKU; §9: the cloud provider is AWS unless chosen): SKUs by cloud provider and component
 * types, or of one SPU (deep link ?spu_key=); create one, or update one (an operation).
 */
export function SkuTab() {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const [updating, setUpdating] = useState<Sku | null>(null);
  const list = useListParams({
    cloudProvider: DEFAULT_SKU_CLOUD_PROVIDER as string,
    componentTypes: [] as string[],
    spu_key: '',
    key: '',
    sort: 'key',
  });
  const { cloudProvider, componentTypes, spu_key, key, ...rest } = list.request;
  const query = useSkus({
    ...rest,
    sort: rest.sort as SkuListQuery['sort'],
    cloudProvider: cloudProvider as CloudProvider,
    componentTypes: componentTypes as SkuComponentType[],
    spuKey: spu_key || undefined,
    key: key || undefined,
  });
  const mayUpdate = can(skuServiceApi.updateSku);
  const filtered = Boolean(
    list.filters.cloudProvider !== DEFAULT_SKU_CLOUD_PROVIDER ||
    list.filters.componentTypes.length ||
    list.filters.spu_key ||
    list.filters.key,
  );

  const columns: DataColumns<Sku> = [
    {
      title: 'Key',
      dataIndex: 'key',
      key: 'key',
      sorter: true,
      render: (k: string, row) => (
        <span>
          {k}
          <br />
          <Text type="secondary">{row.displayName}</Text>
        </span>
      ),
    },
    {
      title: 'Component',
      dataIndex: 'componentType',
      key: 'componentType',
      render: (c: SkuComponentType) => COMPONENT_LABELS[c] ?? c,
    },
    {
      title: 'SPU',
      dataIndex: 'spuKey',
      key: 'spuKey',
      render: (spuKey: string, row) => (
        <Link to={`/sku_service/spu?${q('key', spuKey)}`} title={row.spuDisplayName}>
          {spuKey}
        </Link>
      ),
    },
    {
      title: 'Instance Type',
      dataIndex: 'instanceType',
      key: 'instanceType',
      render: (t: string, row) => (
        <span>
          {t} <Tag>{row.cpuArch}</Tag>
          <br />
          <Text type="secondary">{`${row.cpuCore} vCPU, ${row.memoryGi} GiB`}</Text>
        </span>
      ),
    },
    { title: 'Default Nodes', dataIndex: 'defaultNodeCount', key: 'defaultNodeCount', align: 'right' },
    {
      title: 'Storage',
      key: 'storage',
      render: (_: unknown, row) => (
        <span>
          {storageSummary(row.dataStorage)}
          {row.raftlogStorage ? (
            <>
              <br />
              <Text type="secondary">Raft log: {storageSummary(row.raftlogStorage)}</Text>
            </>
          ) : null}
        </span>
      ),
    },
    {
      title: 'Conditions',
      key: 'conditions',
      width: 220,
      render: (_: unknown, row) =>
        row.conditions.length
          ? row.conditions.map((c) => `${c.key} ${c.operator} ${c.values.join(', ')}`).join('; ')
          : '-',
    },
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row) => (
        <Flex gap={8}>
          <Link to={`/sku_service/whitelist?${q('sku_key', row.key)}&${q('component_type', row.componentType)}`}>
            Whitelist
          </Link>
          {mayUpdate ? (
            <Button size="small" onPointerEnter={SkuUpdateDialog.preload} onClick={() => setUpdating(row)}>
              Update
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SelectFilter
          label="Cloud provider"
          allowClear={false}
          value={list.filters.cloudProvider}
          options={providerOptions}
          onChange={(v) => list.setFilters({ cloudProvider: v ?? DEFAULT_SKU_CLOUD_PROVIDER })}
          width={140}
        />
        <MultiSelectFilter
          label="Component types"
          value={list.filters.componentTypes}
          options={componentOptions}
          onChange={(v) => list.setFilters({ componentTypes: v })}
          width={240}
        />
        {list.filters.spu_key ? (
          <Tag closable onClose={() => list.setFilters({ spu_key: '' })}>
            SPU: {list.filters.spu_key}
          </Tag>
        ) : null}
        {list.filters.key ? (
          <Tag closable onClose={() => list.setFilters({ key: '' })}>
            Key: {list.filters.key}
          </Tag>
        ) : null}
        <span style={{ flex: 1 }} />
        {can(skuServiceApi.createSku) ? (
          <Button type="primary" onPointerEnter={SkuCreateDialog.preload} onClick={() => setCreating(true)}>
            Create SKU
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<Sku>
        aria-label="SKUs"
        // Fits the panel at 1440 px: the texts wrap, the actions stay in view.
        scroll={{ x: '100%' }}
        columns={columns}
        query={query}
        list={list}
        emptyText={filtered ? 'No SKUs match these filters' : 'No SKUs'}
      />
      <SkuCreateDialog open={creating} onClose={() => setCreating(false)} spuKey={list.filters.spu_key || undefined} />
      <SkuUpdateDialog open={updating !== null} sku={updating} onClose={() => setUpdating(null)} />
    </>
  );
}
