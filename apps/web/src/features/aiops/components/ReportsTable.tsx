import { Link } from 'react-router';
import type { AiopsReportListQuery, AiopsReportSummary } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { useAiopsReports } from '../api';
import { aiopsReportPath } from '../paths';

const num = (value: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>;

const columns: DataColumns<AiopsReportSummary> = [
  {
    title: 'Report',
    dataIndex: 'id',
    key: 'id',
    render: (id: string) => <Link to={aiopsReportPath(id)}>{id}</Link>,
  },
  { title: 'Day (UTC)', dataIndex: 'day', key: 'day', sorter: true },
  { title: 'Issues', dataIndex: 'total', key: 'total', align: 'right', render: num },
  { title: 'New', dataIndex: 'new', key: 'new', align: 'right', render: num },
  { title: 'Resolved', dataIndex: 'resolved', key: 'resolved', align: 'right', render: num },
  { title: 'Critical', dataIndex: 'critical', key: 'critical', align: 'right', render: num },
  {
    title: 'Generated At (UTC)',
    dataIndex: 'generated_at',
    key: 'generated_at',
    render: (value: string) => <DateText value={value} withTime />,
  },
];

/** The daily reports, newest day first (their own page, sort and size in the URL, prefixed `reports_`). */
export function ReportsTable() {
  const list = useListParams({ sort: '-day' }, { prefix: 'reports_' });
  const query = useAiopsReports({ ...list.request, sort: list.request.sort as AiopsReportListQuery['sort'] });
  return (
    <>
      <ListToolbar filtered={false} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        {null}
      </ListToolbar>
      <DataTable<AiopsReportSummary>
        aria-label="AIOps reports"
        columns={columns}
        query={query}
        list={list}
        emptyText="No reports yet: the first is generated after the first full day"
      />
    </>
  );
}
