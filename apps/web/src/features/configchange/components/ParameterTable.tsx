import { Button, Flex, Tag, Tooltip } from 'antd';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { EditOutlined } from '@ant-design/icons';
import type { ConfigParameter, ParameterOperation } from '@portal/contract';
import type { ListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import { RiskTag, SourceTag } from './ConfigTags';
import { Paragraph, Text } from '../../../shared/ui/Typography';

export interface ParameterTableProps {
  parameters: ConfigParameter[];
  pending: ParameterOperation[];
  /** Search and page (kept in the URL by the editor). */
  list: ListParams<{ search: string }>;
  editable: boolean;
  disabledReason?: string;
  onEdit(parameter: ConfigParameter): void;
}

function PendingValue({ op, parameter }: { op: ParameterOperation; parameter: ConfigParameter }) {
  return (
    <Tooltip title="Pending: not submitted yet">
      <Tag color="gold" style={{ marginInlineStart: 6 }}>
        {op.actionType === 'unset' ? `→ unset (${parameter.attribute.default_value || '""'})` : `→ ${op.value ?? ''}`}
      </Tag>
    </Tooltip>
  );
}

/** A file's parameters (spec §2 Config parameter editor): 10 per page, searched by name, Edit per row. */
export function ParameterTable({ parameters, pending, list, editable, disabledReason, onEdit }: ParameterTableProps) {
  const needle = list.filters.search.trim().toLowerCase();
  const filtered = needle ? parameters.filter((p) => p.name.toLowerCase().includes(needle)) : parameters;
  const start = (list.page - 1) * list.perPage;
  const pendingOf = (p: ConfigParameter) => pending.find((o) => o.configType === p.config_type && o.name === p.name);

  const columns: DataColumns<ConfigParameter> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <Text code>{name}</Text>,
    },
    {
      title: 'Value',
      dataIndex: 'value',
      key: 'value',
      render: (value: string, p) => {
        const op = pendingOf(p);
        return (
          <Flex align="center" wrap>
            <Text delete={Boolean(op)} style={{ maxWidth: 260 }} ellipsis={{ tooltip: value }}>
              {value === '' ? '""' : value}
            </Text>
            {op ? <PendingValue op={op} parameter={p} /> : null}
          </Flex>
        );
      },
    },
    { title: 'Source', dataIndex: 'source', key: 'source', render: (source: string) => <SourceTag source={source} /> },
    { title: 'Type', key: 'type', render: (_: unknown, p) => p.attribute.type },
    { title: 'Apply Policy', key: 'apply_policy', render: (_: unknown, p) => p.attribute.apply_policy },
    {
      title: 'Risk Level',
      dataIndex: 'risk_level',
      key: 'risk_level',
      render: (level: string) => <RiskTag level={level} />,
    },
    {
      title: 'Description',
      dataIndex: 'description',
      key: 'description',
      render: (text: string) => (
        <Paragraph type="secondary" style={{ margin: 0, maxWidth: 360 }} ellipsis={{ rows: 2, tooltip: text }}>
          {text}
        </Paragraph>
      ),
    },
    {
      title: 'Action',
      key: 'action',
      fixed: 'right',
      render: (_: unknown, p) => (
        <Tooltip title={editable ? undefined : disabledReason}>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            disabled={!editable}
            aria-label={`Edit ${p.name}`}
            onClick={() => onEdit(p)}
          >
            Edit
          </Button>
        </Tooltip>
      ),
    },
  ];

  return (
    <DataTable<ConfigParameter>
      aria-label="Parameters"
      rowKey={(p) => `${p.config_type}:${p.name}`}
      columns={columns}
      data={{ items: filtered.slice(start, start + list.perPage), total: filtered.length }}
      list={list}
      size="small"
      emptyText={needle ? 'No parameters match this name' : 'No parameters'}
    />
  );
}
