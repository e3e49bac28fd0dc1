import { Alert, Tag } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { CUSTOM_TEMPLATE_CONFIG_TYPES } from '@portal/contract';
import type { Template } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { Paragraph, Text } from '../../../shared/ui/Typography';
import { useTemplate } from '../api/templates';
import { anyLabel, defaultChangePath, NONE, asClusterType } from '../components/templates/labels';
import { ParameterTable, TEMPLATE_PARAMETERS_PAGE_SIZE } from '../components/templates/ParameterTable';

type DefaultFor = Template['default_cases'][number];

const defaultForColumns: DataColumns<DefaultFor> = [
  { title: 'Version', dataIndex: 'version', key: 'version' },
  {
    title: 'Cloud Provider',
    dataIndex: 'cloud_provider',
    key: 'cloud_provider',
    render: (value: string | null) => anyLabel(value),
  },
  {
    title: 'Instance Type',
    dataIndex: 'instance_type',
    key: 'instance_type',
    render: (value: string | null) => anyLabel(value),
  },
];

const defaultForKey = (c: DefaultFor) =>
  [c.cluster_type, c.version, c.cloud_provider ?? '', c.instance_type ?? '', c.config_type, c.region ?? ''].join(',');

function InitSql({ paragraphs }: { paragraphs: { index: number; sql: string }[] }) {
  if (!paragraphs.length) return <Text type="secondary">No INIT_SQL paragraphs</Text>;
  return (
    <ol aria-label="INIT_SQL" style={{ listStyle: 'none', paddingInlineStart: 0 }}>
      {[...paragraphs]
        .sort((a, b) => a.index - b.index)
        .map((p) => (
          <li key={p.index} style={{ marginBottom: 12 }}>
            <Text strong>#{p.index}</Text>
            <pre
              style={{
                whiteSpace: 'pre-wrap',
                margin: '4px 0 0',
                padding: '8px 12px',
                background: 'rgba(0, 0, 0, 0.04)',
                borderRadius: 6,
              }}
            >
              {p.sql}
            </pre>
          </li>
        ))}
    </ol>
  );
}

function tabsOf(template: Template): DetailTab[] {
  const custom = template.custom_template_info;
  if (template.tags.template_type === 'custom' && custom) {
    // A tab per config type (spec §2), then the INIT_SQL paragraphs.
    return [
      ...CUSTOM_TEMPLATE_CONFIG_TYPES.map((type) => ({
        key: type,
        label: `${type} (${custom.data[type].length})`,
        children: (
          <ParameterTable
            label={`${type} parameters`}
            parameters={custom.data[type]}
            pageSize={TEMPLATE_PARAMETERS_PAGE_SIZE}
          />
        ),
      })),
      { key: 'init_sql', label: 'INIT_SQL', children: <InitSql paragraphs={custom.data.init_sql} /> },
    ];
  }
  const tabs: DetailTab[] = [
    {
      key: 'parameters',
      label: 'Parameters',
      children: <ParameterTable parameters={template.parameters} pageSize={TEMPLATE_PARAMETERS_PAGE_SIZE} />,
    },
  ];
  if (template.tags.template_type === 'default')
    tabs.push({
      key: 'default_for',
      label: 'Default For',
      children: (
        <DataTable<DefaultFor>
          aria-label="Default for"
          size="small"
          rowKey={defaultForKey}
          columns={defaultForColumns}
          data={template.default_cases}
          emptyText="Not the default of any case"
        />
      ),
    });
  return tabs;
}

/**
 * /template/:templateId?cluster_type=… (spec §2): ID, name, config type and the parameters (30 per page, §9); a
 * default template adds Default For (version, cloud provider, instance type), a custom template shows a tab per
 * config type. A draft (derived by a default-config change) links to its change.
 */
export function TemplateDetailPage() {
  const id = useParams().templateId ?? '';
  const [search] = useSearchParams();
  const clusterType = search.get('cluster_type') ? asClusterType(search.get('cluster_type')) : undefined;
  const query = useTemplate(id, clusterType);
  const template = query.data;

  return (
    <DetailLayout
      title={template ? `Template ${template.name}` : `Template ${id}`}
      tags={template ? <Tag style={{ marginInlineEnd: 0 }}>{template.tags.template_type}</Tag> : null}
      loading={query.isLoading}
      error={template ? undefined : query.error}
      onRetry={() => void query.refetch()}
      descriptions={
        template && [
          { key: 'id', label: 'ID', children: <Text copyable>{template.id}</Text> },
          { key: 'name', label: 'Name', children: template.name },
          { key: 'config_type', label: 'Config Type', children: template.config_type ?? NONE },
          { key: 'cluster_type', label: 'Cluster Type', children: template.cluster_type },
          { key: 'version', label: 'Effective Version', children: template.tags.effective_minor_version },
          { key: 'creator', label: 'Creator', children: template.tags.creator_email },
          { key: 'created', label: 'Created At', children: <DateText value={template.created_at} withTime /> },
        ]
      }
      tabs={template ? tabsOf(template) : undefined}
    >
      {template?.change_id ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <Paragraph style={{ margin: 0 }}>
              A draft of default-config change{' '}
              <Link to={defaultChangePath(template.change_id)}>{template.change_id}</Link>: its parameters are edited
              there and take effect where that change is released.
            </Paragraph>
          }
        />
      ) : null}
    </DetailLayout>
  );
}
