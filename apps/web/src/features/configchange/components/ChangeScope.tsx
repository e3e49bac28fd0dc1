import { Descriptions, Empty, Tag } from 'antd';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import type { ChangeScope } from '@portal/contract';
import { RiskTag } from './ConfigTags';
import { Text } from '../../../shared/ui/Typography';

type Modified = ChangeScope['files'][number]['modified_parameters'][number];
type ComponentChange = ChangeScope['components'][number];

const Value = ({ value }: { value: string | null }) =>
  value === null ? <Text type="secondary">(default)</Text> : <Text code>{value === '' ? '""' : value}</Text>;

/** Version from → to, or that the version stays; a template change's version is the one the template is for. */
export function VersionScope({ scope }: { scope: ChangeScope }) {
  if (scope.template)
    return (
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'version', label: 'Template Version', children: <Text code>{scope.template.version}</Text> },
          {
            key: 'minor',
            label: 'Effective Minor Version',
            children: <Text code>{scope.template.effective_minor_version}</Text>,
          },
        ]}
      />
    );
  if (!scope.version) return <Text type="secondary">The version does not change.</Text>;
  return (
    <Descriptions
      size="small"
      column={2}
      items={[
        { key: 'from', label: 'From', children: <Text code>{scope.version.from}</Text> },
        { key: 'to', label: 'To', children: <Text code>{scope.version.to}</Text> },
      ]}
    />
  );
}

const componentColumns: DataColumns<ComponentChange> = [
  { title: 'Component', dataIndex: 'component', key: 'component' },
  { title: 'Image Tag From', key: 'from', render: (_: unknown, c) => <Value value={c.modified_image_tag.from} /> },
  { title: 'Image Tag To', key: 'to', render: (_: unknown, c) => <Value value={c.modified_image_tag.to} /> },
];

/** Component, image tag from and to. */
export function ComponentsScope({ scope }: { scope: ChangeScope }) {
  return (
    <DataTable<ComponentChange>
      aria-label="Component changes"
      size="small"
      rowKey="component"
      columns={componentColumns}
      data={scope.components}
      pagination={false}
      emptyText="No image changes"
    />
  );
}

const modifiedColumns: DataColumns<Modified> = [
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    render: (name: string) => <Text code>{name}</Text>,
  },
  {
    title: 'Action',
    dataIndex: 'action',
    key: 'action',
    render: (action: string) => <Tag color={action === 'unset' ? 'volcano' : 'blue'}>{action}</Tag>,
  },
  { title: 'From', key: 'from', render: (_: unknown, m) => <Value value={m.from} /> },
  { title: 'To', key: 'to', render: (_: unknown, m) => <Value value={m.to} /> },
  { title: 'Type', dataIndex: 'type', key: 'type' },
  { title: 'Apply Policy', dataIndex: 'apply_policy', key: 'apply_policy' },
  {
    title: 'Risk Level',
    dataIndex: 'risk_level',
    key: 'risk_level',
    render: (level: string) => <RiskTag level={level} />,
  },
];

/** Per file, the parameters the change modifies, from → to. */
export function FilesScope({ scope }: { scope: ChangeScope }) {
  if (!scope.files.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No parameter changes" />;
  return (
    <>
      {scope.files.map((file) => (
        <section key={file.filename} aria-label={`Changes of ${file.filename}`} style={{ marginBottom: 12 }}>
          <Text strong>{file.filename}</Text> <Text type="secondary">({file.config_type})</Text>
          <DataTable<Modified>
            size="small"
            rowKey={(m) => `${m.action}:${m.name}`}
            columns={modifiedColumns}
            data={file.modified_parameters}
          />
        </section>
      ))}
    </>
  );
}
