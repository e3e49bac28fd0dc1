import { Tag } from 'antd';
import { INCIDENT_LOG_KIND_LABELS, incidentsApi } from '@portal/contract';
import type { IncidentLog, IncidentLogKind, IncidentLogListQuery } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { useIncidentLogs } from '../api';
import { AddLogForm } from './AddLogForm';

const KIND_COLORS: Record<IncidentLogKind, string> = {
  note: 'blue',
  status_change: 'purple',
  notice: 'cyan',
  system: 'default',
};

const columns: DataColumns<IncidentLog> = [
  {
    title: 'Time (UTC)',
    dataIndex: 'at',
    key: 'at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  {
    title: 'Kind',
    dataIndex: 'kind',
    key: 'kind',
    render: (kind: IncidentLogKind) => (
      <Tag color={KIND_COLORS[kind]} style={{ marginInlineEnd: 0 }}>
        {INCIDENT_LOG_KIND_LABELS[kind]}
      </Tag>
    ),
  },
  { title: 'Author', dataIndex: 'author', key: 'author' },
  {
    title: 'Text',
    dataIndex: 'text',
    key: 'text',
    render: (text: string) => <p className="incident-text">{text}</p>,
  },
];

/**
 * The incident's timeline (GET /{id}/logs), newest first: notes people added, status changes and chat notices the
 * portal recorded. Those who may operate add a note above it.
 */
export function TimelineTab({ incidentId }: { incidentId: string }) {
  const can = useCan();
  const list = useListParams({ sort: '-at' }, { prefix: 'log_' });
  const query = useIncidentLogs(incidentId, {
    ...list.request,
    sort: list.request.sort as IncidentLogListQuery['sort'],
  });
  return (
    <>
      {can(incidentsApi.addLog) ? <AddLogForm incidentId={incidentId} /> : null}
      <DataTable<IncidentLog>
        aria-label="Timeline"
        scroll={{ x: '100%' }}
        size="small"
        columns={columns}
        query={query}
        list={list}
        emptyText="No logs yet"
      />
    </>
  );
}
