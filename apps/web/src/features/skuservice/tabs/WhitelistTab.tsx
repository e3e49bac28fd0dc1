import { useState } from 'react';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { skuServiceApi } from '@portal/contract';
import type { SkuComponentType, WhitelistEntry, WhitelistListQuery } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useRemoveWhitelist, useWhitelist } from '../api';
import { COMPONENT_LABELS } from '../lib/options';

const AddWhitelistDialog = lazyDialog(() =>
  import('../components/AddWhitelistDialog').then((m) => m.AddWhitelistDialog),
);

export const WHITELIST_REMOVED = 'The tenant has been removed from the whitelist';

/**
 * The whitelist strategy (spec §1, §2 deep links ?sku_key=&component_type= and ?spu_key=): which tenants may use a
 * SKU or an SPU; add tenants, remove one after confirming.
 */
export function WhitelistTab() {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const list = useListParams({ sku_key: '', component_type: '', spu_key: '', tenant_id: '', sort: '-created_at' });
  const { sku_key, component_type, spu_key, tenant_id, ...rest } = list.request;
  const query = useWhitelist({
    ...rest,
    sort: rest.sort as WhitelistListQuery['sort'],
    sku_key: sku_key || undefined,
    component_type: (component_type || undefined) as SkuComponentType | undefined,
    spu_key: spu_key || undefined,
    tenant_id: tenant_id || undefined,
  });
  const remove = useRemoveWhitelist();
  const mayRemove = can(skuServiceApi.removeWhitelist);
  const f = list.filters;
  const target = f.spu_key ? `SPU ${f.spu_key}` : f.sku_key ? `SKU ${f.sku_key}` : 'the catalogue';

  const columns: DataColumns<WhitelistEntry> = [
    {
      title: 'Tenant',
      dataIndex: 'tenant_id',
      key: 'tenant_id',
      sorter: true,
      render: (id: string, row) => <Link to={`/orgs/${encodeURIComponent(id)}`}>{row.tenant_name ?? id}</Link>,
    },
    { title: 'Tenant ID', dataIndex: 'tenant_id', key: 'tenant_id_plain' },
    {
      title: 'SKU / SPU',
      key: 'target',
      render: (_: unknown, row) => (row.scope === 'sku' ? `SKU ${row.sku_key}` : `SPU ${row.spu_key}`),
    },
    {
      title: 'Component',
      dataIndex: 'component_type',
      key: 'component_type',
      render: (c: SkuComponentType) => COMPONENT_LABELS[c] ?? c,
    },
    { title: 'Added By', dataIndex: 'created_by', key: 'created_by' },
    {
      title: 'Added At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (v: string) => <DateText value={v} withTime />,
    },
    ...(mayRemove
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: WhitelistEntry) => (
              <ConfirmButton
                size="small"
                danger
                confirmTitle={`Remove ${row.tenant_name ?? row.tenant_id} from the whitelist of ${
                  row.scope === 'sku' ? `SKU ${row.sku_key}` : `SPU ${row.spu_key}`
                }?`}
                okText="Remove"
                onConfirm={() =>
                  remove
                    .mutateAsync(row.id)
                    .then(() => feedback().message.success(WHITELIST_REMOVED))
                    .catch(() => undefined)
                }
              >
                Remove
              </ConfirmButton>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListToolbar
        filtered={Boolean(f.sku_key || f.component_type || f.spu_key || f.tenant_id)}
        onReset={list.reset}
        onReload={query.refetch}
        reloading={query.isFetching}
      >
        {f.sku_key ? (
          <Tag closable onClose={() => list.setFilters({ sku_key: '', component_type: '' })}>
            SKU: {f.sku_key}
            {f.component_type ? ` (${f.component_type})` : ''}
          </Tag>
        ) : null}
        {f.spu_key ? (
          <Tag closable onClose={() => list.setFilters({ spu_key: '' })}>
            SPU: {f.spu_key}
          </Tag>
        ) : null}
        <SearchInput
          value={f.tenant_id}
          onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
          placeholder="Tenant ID"
          aria-label="Tenant ID"
          width={220}
        />
        <span style={{ flex: 1 }} />
        {can(skuServiceApi.addWhitelist) ? (
          <Button type="primary" onPointerEnter={AddWhitelistDialog.preload} onClick={() => setAdding(true)}>
            Add Tenants
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<WhitelistEntry>
        aria-label="Whitelist"
        columns={columns}
        query={query}
        list={list}
        emptyText={`No tenants on the whitelist of ${target}`}
      />
      <AddWhitelistDialog
        open={adding}
        onClose={() => setAdding(false)}
        target={{
          sku_key: f.sku_key || undefined,
          component_type: (f.component_type || undefined) as SkuComponentType | undefined,
          spu_key: f.spu_key || undefined,
        }}
      />
    </>
  );
}
