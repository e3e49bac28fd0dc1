import type { ReleaseDetail } from '@portal/contract';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { Text } from '../../../../shared/ui/Typography';
import { anyOf, TemplateLink } from './display';

type TemplateRow = ReleaseDetail['released_templates'][number];
type ComponentRow = ReleaseDetail['released_components'][number];
type VersionRow = ReleaseDetail['released_versions'][number];

const templateColumns: DataColumns<TemplateRow> = [
  { title: 'Cluster Type', key: 'cluster_type', dataIndex: 'cluster_type' },
  { title: 'Version', key: 'version', dataIndex: ['default_case', 'version'] },
  {
    title: 'Cloud Provider',
    key: 'cloud_provider',
    dataIndex: ['default_case', 'cloud_provider'],
    render: (v: string | null) => anyOf(v),
  },
  {
    title: 'Instance Type',
    key: 'instance_type',
    dataIndex: ['default_case', 'instance_type'],
    render: (v: string | null) => anyOf(v),
  },
  { title: 'Config Type', key: 'config_type', dataIndex: ['default_case', 'config_type'] },
  {
    title: 'From Template',
    key: 'from',
    render: (_: unknown, r) => <TemplateLink {...r.from_template} clusterType={r.cluster_type} />,
  },
  {
    title: 'To Template',
    key: 'to',
    render: (_: unknown, r) => <TemplateLink {...r.to_template} clusterType={r.cluster_type} />,
  },
];

const componentColumns: DataColumns<ComponentRow> = [
  { title: 'Cluster Type', key: 'cluster_type', dataIndex: 'cluster_type' },
  { title: 'Component', key: 'component', dataIndex: 'component', render: (v: string) => <Text strong>{v}</Text> },
  { title: 'Version', key: 'version', dataIndex: 'version' },
  { title: 'Base Image', key: 'base_image', dataIndex: 'base_image', render: (v: string) => <Text code>{v}</Text> },
  {
    title: 'Image Tag',
    key: 'tag',
    render: (_: unknown, r) => (
      <span>
        <Text code>{r.image_tag_from || '-'}</Text> → <Text code>{r.image_tag_to}</Text>
      </span>
    ),
  },
];

const versionColumns: DataColumns<VersionRow> = [
  { title: 'Cluster Type', key: 'cluster_type', dataIndex: 'cluster_type' },
  {
    title: 'Source Version',
    key: 'source_version',
    dataIndex: 'source_version',
    render: (v: string) => <Text code>{v}</Text>,
  },
  {
    title: 'Target Version',
    key: 'target_version',
    dataIndex: 'target_version',
    render: (v: string) => <Text code>{v}</Text>,
  },
];

/** What a release carries (snapshotted when it was created): templates per default case, from → to. */
export function ReleasedTemplatesTable({ rows }: { rows: TemplateRow[] }) {
  return (
    <DataTable<TemplateRow>
      aria-label="Released templates"
      size="small"
      rowKey="item_id"
      columns={templateColumns}
      data={rows}
      emptyText="No template in this release"
    />
  );
}

export function ReleasedComponentsTable({ rows }: { rows: ComponentRow[] }) {
  return (
    <DataTable<ComponentRow>
      aria-label="Released components"
      size="small"
      rowKey="item_id"
      columns={componentColumns}
      data={rows}
      emptyText="No component image in this release"
    />
  );
}

export function ReleasedVersionsTable({ rows }: { rows: VersionRow[] }) {
  return (
    <DataTable<VersionRow>
      aria-label="Released versions"
      size="small"
      rowKey="item_id"
      columns={versionColumns}
      data={rows}
      emptyText="No version in this release"
    />
  );
}
