import { Link } from 'react-router';
import type { AuditLog, SkuChangelogQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useChangelog } from '../api';
import { catalogueObjectPath } from '../lib/links';

type Details = { before?: unknown; after?: unknown; instance_id?: string } | null;

function Json({ value }: { value: unknown }) {
  if (value === undefined || value === null) return <span>-</span>;
  return (
    <pre className="json-block" style={{ margin: 0, maxWidth: 420, whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

const columns: DataColumns<AuditLog> = [
  {
    title: 'Operate At',
    dataIndex: 'operate_at',
    key: 'operate_at',
    sorter: true,
    render: (v: string) => <DateText value={v} withTime />,
  },
  {
    title: 'Object',
    dataIndex: 'instance_id',
    key: 'instance_id',
    render: (id: string) => <Link to={catalogueObjectPath(id)}>{id}</Link>,
  },
  {
    title: 'Operation',
    dataIndex: 'operation',
    key: 'operation',
    render: (op: string, row) => {
      const instance = (row.details as Details)?.instance_id;
      return (
        <span>
          {op}
          {instance ? (
            <>
              <br />
              <Link to={`/operations/${encodeURIComponent(instance)}`}>Operation {instance}</Link>
            </>
          ) : null}
        </span>
      );
    },
  },
  { title: 'Operator', dataIndex: 'operator', key: 'operator' },
  { title: 'Before', key: 'before', render: (_: unknown, row) => <Json value={(row.details as Details)?.before} /> },
  { title: 'After', key: 'after', render: (_: unknown, row) => <Json value={(row.details as Details)?.after} /> },
];

/** The catalogue's change log: every SPU, SKU and whitelist change (audit type spu_sku), newest first. */
export function ChangelogTab() {
  const list = useListParams({ instance_id: '', operator: '', sort: '-operate_at' });
  const { instance_id, operator, ...rest } = list.request;
  const query = useChangelog({
    ...rest,
    sort: rest.sort as SkuChangelogQuery['sort'],
    instance_id: instance_id || undefined,
    operator: operator || undefined,
  });
  return (
    <>
      <ListToolbar
        filtered={Boolean(list.filters.instance_id || list.filters.operator)}
        onReset={list.reset}
        onReload={query.refetch}
        reloading={query.isFetching}
      >
        <SearchInput
          value={list.filters.instance_id}
          onSearch={(value) => list.setFilters({ instance_id: value }, { replace: true })}
          placeholder="Object, e.g. sku:aws-tikv-8c32g"
          aria-label="Object"
          width={280}
        />
        <SearchInput
          value={list.filters.operator}
          onSearch={(value) => list.setFilters({ operator: value }, { replace: true })}
          placeholder="Operator email"
          aria-label="Operator"
          width={220}
        />
      </ListToolbar>
      <DataTable<AuditLog>
        aria-label="Changelog"
        columns={columns}
        query={query}
        list={list}
        emptyText={list.filters.instance_id || list.filters.operator ? 'No changes match these filters' : 'No changes'}
      />
    </>
  );
}
