import type { TemplateDiff } from '@portal/contract';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { Text } from '../../../../shared/ui/Typography';
import { useTemplateDiff } from '../../api/templates';

/** One row of the template diff table (spec §2): a parameter whose value differs between the two templates. */
export interface TemplateDiffRow {
  name: string;
  config_type: string;
  from: string | null;
  to: string | null;
  from_source: 'template' | 'default';
  to_source: 'template' | 'default';
}

export const NO_DIFFERENCES = 'No differences';

/** The changed parameters of a diff answer: only keys whose value differs (spec §2 "only changed keys"). */
export function changedRows(diff: TemplateDiff): TemplateDiffRow[] {
  return diff.changed_parameters.filter((p) => p.from !== p.to).map((p) => ({ ...p, config_type: diff.config_type }));
}

const SOURCE_LABELS = { template: 'template', default: 'default' } as const;

function sourceLabel(row: TemplateDiffRow): string {
  const from = SOURCE_LABELS[row.from_source];
  const to = SOURCE_LABELS[row.to_source];
  return from === to ? from : `${from} → ${to}`;
}

const Value = ({ value }: { value: string | null }) =>
  value === null ? (
    <Text type="secondary">(unset)</Text>
  ) : (
    <Text code style={{ maxWidth: 320 }} ellipsis={{ tooltip: value }}>
      {value === '' ? '""' : value}
    </Text>
  );

const columns: DataColumns<TemplateDiffRow> = [
  { title: 'Name', dataIndex: 'name', key: 'name', render: (name: string) => <Text code>{name}</Text> },
  { title: 'Config Type', dataIndex: 'config_type', key: 'config_type' },
  { title: 'Source', key: 'source', render: (_: unknown, row: TemplateDiffRow) => sourceLabel(row) },
  {
    title: 'Previous Value',
    dataIndex: 'from',
    key: 'from',
    render: (value: string | null) => <Value value={value} />,
  },
  { title: 'New Value', dataIndex: 'to', key: 'to', render: (value: string | null) => <Value value={value} /> },
];

export interface TemplateDiffViewProps {
  /** The diff answer; undefined while it loads. */
  diff: TemplateDiff | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  'aria-label'?: string;
}

/** The template diff table (spec §2) of a diff answer the caller holds. */
export function TemplateDiffView({ diff, loading, error, onRetry, 'aria-label': label }: TemplateDiffViewProps) {
  return (
    <DataTable<TemplateDiffRow>
      aria-label={label ?? 'Template diff'}
      size="small"
      // As wide as its box (a dialog, an expanded row), the long values cut with an ellipsis.
      scroll={{ x: '100%' }}
      rowKey="name"
      columns={columns}
      data={diff ? changedRows(diff) : undefined}
      loading={loading}
      error={error}
      onRetry={onRetry}
      emptyText={NO_DIFFERENCES}
    />
  );
}

export interface TemplateDiffTableProps {
  /** The template before (previous values). */
  from: string;
  /** The template after (new values). */
  to: string;
  'aria-label'?: string;
}

/**
 * The template diff table (spec §2: name, config type, source, previous value, new value; only changed keys) of two
 * templates, loaded by their ids. The same template on both sides has no differences and asks nothing.
 */
export function TemplateDiffTable({ from, to, 'aria-label': label }: TemplateDiffTableProps) {
  const query = useTemplateDiff(from, to);
  if (from === to) return <Text type="secondary">{NO_DIFFERENCES}</Text>;
  return (
    <TemplateDiffView
      aria-label={label}
      diff={query.data}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  );
}
