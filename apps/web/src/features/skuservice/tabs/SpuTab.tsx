import { useState } from 'react';
import { Button, Flex } from 'antd';
import { Link } from 'react-router';
import { skuServiceApi } from '@portal/contract';
import type { SkuComponentType, Spu, SpuListQuery } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { useSpus } from '../api';
import { COMPONENT_LABELS, componentOptions } from '../lib/options';

const SpuDialog = lazyDialog(() => import('../components/SpuDialog').then((m) => m.SpuDialog));

const q = (k: string, v: string) => `${k}=${encodeURIComponent(v)}`;

/** The SPU tab (spec §2, §3 SPU): SPUs by component type; create one, or modify its display name or mappings. */
export function SpuTab() {
  const can = useCan();
  /** undefined: closed; null: a new SPU; else the SPU modified. */
  const [editing, setEditing] = useState<Spu | null | undefined>(undefined);
  const list = useListParams({ componentType: '', key: '', sort: 'key' });
  const { componentType, key, ...rest } = list.request;
  const query = useSpus({
    ...rest,
    sort: rest.sort as SpuListQuery['sort'],
    componentType: (componentType || undefined) as SkuComponentType | undefined,
    key: key || undefined,
  });
  const mayModify = can(skuServiceApi.updateSpu);

  const columns: DataColumns<Spu> = [
    { title: 'Key', dataIndex: 'key', key: 'key', sorter: true },
    { title: 'Display Name', dataIndex: 'displayName', key: 'displayName' },
    {
      title: 'Component',
      dataIndex: 'componentType',
      key: 'componentType',
      render: (c: SkuComponentType) => COMPONENT_LABELS[c] ?? c,
    },
    { title: 'vCPU', dataIndex: 'cpuCore', key: 'cpuCore', sorter: true, align: 'right' },
    { title: 'Memory (GiB)', dataIndex: 'memorySizeGi', key: 'memorySizeGi', align: 'right' },
    {
      title: 'Mappings',
      key: 'mappings',
      render: (_: unknown, row) => (
        <Link to={`/sku_service/sku?${q('spu_key', row.key)}`}>{`${row.mappings.length} SKU(s)`}</Link>
      ),
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      render: (v: string) => <DateText value={v} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={8}>
          <Link to={`/sku_service/whitelist?${q('spu_key', row.key)}`}>Whitelist</Link>
          {mayModify ? (
            <Button size="small" onPointerEnter={SpuDialog.preload} onClick={() => setEditing(row)}>
              Modify
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ListToolbar
        filtered={Boolean(list.filters.componentType || list.filters.key)}
        onReset={list.reset}
        onReload={query.refetch}
        reloading={query.isFetching}
      >
        <SelectFilter
          label="Component type"
          value={list.filters.componentType || undefined}
          options={componentOptions}
          onChange={(v) => list.setFilters({ componentType: v ?? '' })}
        />
        {list.filters.key ? <span>Key: {list.filters.key}</span> : null}
        <span style={{ flex: 1 }} />
        {can(skuServiceApi.createSpu) ? (
          <Button type="primary" onPointerEnter={SpuDialog.preload} onClick={() => setEditing(null)}>
            Create SPU
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<Spu>
        aria-label="SPUs"
        columns={columns}
        query={query}
        list={list}
        emptyText={list.filters.componentType || list.filters.key ? 'No SPUs match these filters' : 'No SPUs'}
      />
      <SpuDialog open={editing !== undefined} spu={editing ?? null} onClose={() => setEditing(undefined)} />
    </>
  );
}
