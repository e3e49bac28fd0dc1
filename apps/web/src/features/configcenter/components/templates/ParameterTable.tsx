import type { ClusterType, TemplateParameter } from '@portal/contract';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { Text } from '../../../../shared/ui/Typography';
import { useTemplate } from '../../api/templates';

/** The template detail's parameter table pages by 30 (spec §9). */
export const TEMPLATE_PARAMETERS_PAGE_SIZE = 30;

const columns: DataColumns<TemplateParameter> = [
  { title: 'Name', dataIndex: 'name', key: 'name', render: (name: string) => <Text code>{name}</Text> },
  {
    title: 'Value',
    dataIndex: 'value',
    key: 'value',
    render: (value: string) => (
      <Text style={{ maxWidth: 420 }} ellipsis={{ tooltip: value }}>
        {value === '' ? '""' : value}
      </Text>
    ),
  },
  {
    title: 'Comment',
    dataIndex: 'comment',
    key: 'comment',
    render: (comment: string) => comment || <Text type="secondary">-</Text>,
  },
];

/** A template's parameters: name, value, comment (paged locally). */
export function ParameterTable({
  parameters,
  pageSize = 10,
  loading,
  error,
  onRetry,
  label = 'Parameters',
}: {
  parameters: readonly TemplateParameter[] | undefined;
  pageSize?: number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  label?: string;
}) {
  return (
    <DataTable<TemplateParameter>
      aria-label={label}
      size="small"
      rowKey="name"
      columns={columns}
      data={parameters}
      loading={loading}
      error={error}
      onRetry={onRetry}
      pagination={{ pageSize, showTotal: (total) => `${total} parameters` }}
      emptyText="No parameters"
    />
  );
}

/** The parameters of one template, loaded when shown (a default case's expanded row). */
export function TemplateParameters({ templateId, clusterType }: { templateId: string; clusterType: ClusterType }) {
  const query = useTemplate(templateId, clusterType);
  return (
    <ParameterTable
      label={`Parameters of template ${templateId}`}
      parameters={query.data?.parameters}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  );
}
