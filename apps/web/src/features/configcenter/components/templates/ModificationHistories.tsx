import { Tag } from 'antd';
import { Link } from 'react-router';
import { DEFAULT_CONFIG_PHASE_COLORS } from '@portal/contract';
import type { DefaultConfigChange, DefaultConfigPhase } from '@portal/contract';
import { useListParams } from '../../../../shared/lib/useListParams';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { DateText } from '../../../../shared/ui/Formatted';
import { Text } from '../../../../shared/ui/Typography';
import { useDefaultConfigChanges } from '../../api/templates';
import { defaultChangePath } from './labels';

export function DefaultConfigPhaseTag({ phase }: { phase: string }) {
  return (
    <Tag color={DEFAULT_CONFIG_PHASE_COLORS[phase as DefaultConfigPhase] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {phase}
    </Tag>
  );
}

const tags = (values: readonly string[]) =>
  values.length ? (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {values.map((v) => (
        <Tag key={v} style={{ marginInlineEnd: 0 }}>
          {v}
        </Tag>
      ))}
    </span>
  ) : (
    <Text type="secondary">-</Text>
  );

const columns: DataColumns<DefaultConfigChange> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string) => <Link to={defaultChangePath(id)}>{id}</Link>,
  },
  { title: 'Applicant', dataIndex: 'applicant', key: 'applicant' },
  {
    title: 'Reason',
    dataIndex: 'reason',
    key: 'reason',
    render: (reason: string) => (
      <Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: reason }}>
        {reason}
      </Text>
    ),
  },
  {
    title: 'Phase',
    dataIndex: 'phase',
    key: 'phase',
    render: (phase: string) => <DefaultConfigPhaseTag phase={phase} />,
  },
  { title: 'Item Types', dataIndex: 'item_types', key: 'item_types', render: tags },
  { title: 'Environments', dataIndex: 'environments', key: 'environments', render: tags },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  {
    title: 'Closed At',
    dataIndex: 'closed_at',
    key: 'closed_at',
    render: (value: string | null) => <DateText value={value} withTime />,
  },
];

/** /template's Modification Histories (spec §2): the default-config changes, newest first, 10 per page (§9). */
export function ModificationHistories() {
  const list = useListParams({ sort: '-created_at' }, { prefix: 'history_' });
  const { page, per_page, sort } = list.request;
  const query = useDefaultConfigChanges({ page, per_page, sort: sort === 'created_at' ? 'created_at' : '-created_at' });
  return (
    <DataTable<DefaultConfigChange>
      aria-label="Modification histories"
      columns={columns}
      query={query}
      list={list}
      emptyText="No modifications yet"
    />
  );
}
