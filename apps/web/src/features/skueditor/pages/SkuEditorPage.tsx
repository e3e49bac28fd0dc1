import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { billingSkuApi } from '@portal/contract';
import type { SkuGroup, SkuGroupListQuery } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useSkuGroups } from '../api';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import type { SkuGroupMode } from '../components/SkuGroupDialog';

// Loaded when first opened: the group dialog (antd's Table, Form, DatePicker) and the tree (antd's Tree) were 175 KB
// gzip of the page's first load.
const SkuGroupDialog = lazyDialog(() => import('../components/SkuGroupDialog').then((m) => m.SkuGroupDialog));
const PreviewTreeDrawer = lazyDialog(() => import('../components/PreviewTreeDrawer').then((m) => m.PreviewTreeDrawer));

/**
 * /sku_editor (spec §2): the SKU groups, searched by name (kept in the URL), each opened for view by its name or for
 * Edit; Add a new SKU Group; Preview Billing Item Tree.
 */
export function SkuEditorPage() {
  const can = useCan();
  const list = useListParams({ name: '', sort: 'name' });
  const { name, ...rest } = list.request;
  const query = useSkuGroups({ ...rest, sort: rest.sort as SkuGroupListQuery['sort'], name: name || undefined });
  const [dialog, setDialog] = useState<{ mode: SkuGroupMode; group?: SkuGroup } | null>(null);
  const [tree, setTree] = useState(false);
  const canEdit = can(billingSkuApi.updateSkuGroup);

  const columns: DataColumns<SkuGroup> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, g) => (
        <Typography.Link onClick={() => setDialog({ mode: 'view', group: g })}>{name}</Typography.Link>
      ),
    },
    { title: 'Unit Key Pattern', dataIndex: 'unit_key_pattern', key: 'unit_key_pattern' },
    { title: 'Category', dataIndex: 'category_name', key: 'category' },
    { title: 'Price Formula', dataIndex: 'price_formula', key: 'price_formula' },
    { title: 'Price Type', dataIndex: 'price_type', key: 'price_type' },
    {
      title: 'Price Expression',
      dataIndex: 'price_expression',
      key: 'price_expression',
      render: (v: unknown) => (
        <Typography.Text code ellipsis={{ tooltip: JSON.stringify(v) }} style={{ maxWidth: 200 }}>
          {JSON.stringify(v)}
        </Typography.Text>
      ),
    },
    { title: 'Measure Unit', dataIndex: 'measure_unit', key: 'measure_unit', render: (v: string | null) => v ?? '-' },
  ];
  if (canEdit)
    columns.push({
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_: never, g) => (
        <Button size="small" onClick={() => setDialog({ mode: 'edit', group: g })}>
          Edit
        </Button>
      ),
    });

  return (
    <>
      <PageHeader
        title="SKU Editor"
        extra={
          <Space>
            <Button onClick={() => setTree(true)}>Preview Billing Item Tree</Button>
            {can(billingSkuApi.createSkuGroup) ? (
              <Button type="primary" onClick={() => setDialog({ mode: 'create' })}>
                Add a new SKU Group
              </Button>
            ) : null}
          </Space>
        }
      />
      <Panel>
        <ListToolbar
          filtered={Boolean(list.filters.name)}
          onReset={list.reset}
          onReload={query.refetch}
          reloading={query.isFetching}
        >
          <SearchInput
            value={list.filters.name}
            onSearch={(name) => list.setFilters({ name }, { replace: true })}
            placeholder="Search by name"
            width={320}
          />
        </ListToolbar>
        <DataTable<SkuGroup>
          aria-label="SKU groups"
          // Fits the panel at 1440 px: the long texts wrap, the expression is cut (whole on hover).
          scroll={{ x: '100%' }}
          columns={columns}
          query={query}
          list={list}
          emptyText={list.filters.name ? 'No SKU group matches' : 'No SKU group yet'}
        />
      </Panel>
      <SkuGroupDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'create'}
        group={dialog?.group}
        onClose={() => setDialog(null)}
      />
      <PreviewTreeDrawer open={tree} onClose={() => setTree(false)} />
    </>
  );
}
