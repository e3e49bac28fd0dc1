import type { Component } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { Text } from '../../../shared/ui/Typography';
import { useComponents } from '../api/reference';
import { useComponentVersions } from '../api/versions';
import { asClusterType, CLUSTER_TYPE_OPTIONS, COMPONENT_CHOICES } from '../components/versions/labels';

interface ComponentVersionRow {
  version: string;
  base_image: string;
  image_tag: string;
}

const columns: DataColumns<ComponentVersionRow> = [
  {
    title: 'Version',
    dataIndex: 'version',
    key: 'version',
    sorter: true,
    render: (v: string) => <Text code>{v}</Text>,
  },
  { title: 'Base Image', dataIndex: 'base_image', key: 'base_image' },
  { title: 'Image Tag', dataIndex: 'image_tag', key: 'image_tag', render: (v: string) => <Text code>{v}</Text> },
];

const DEFAULT_COMPONENT: Component = 'TIDB';

/**
 * /component (spec §2): pick a cluster type and one of its components, both kept in the URL; the table lists that
 * component's versions with their base image and image tag, 10 per page.
 */
export function ComponentPage() {
  const list = useListParams({ cluster_type: 'DEDICATED_TIDB', component: '', sort: '-version' });
  const clusterType = asClusterType(list.filters.cluster_type);
  const components = useComponents(clusterType);
  // The cluster type's components in the spec's order; every component until they are known.
  const offered = components.data
    ? COMPONENT_CHOICES.filter((c) => components.data.includes(c))
    : [...COMPONENT_CHOICES];
  const asked = COMPONENT_CHOICES.find((c) => c === list.filters.component);
  // The URL's component when the cluster type has it, else the default one (TIDB), else its first.
  const component: Component | undefined =
    asked && offered.includes(asked) ? asked : offered.includes(DEFAULT_COMPONENT) ? DEFAULT_COMPONENT : offered[0];
  const { page, per_page, sort } = list.request;
  const query = useComponentVersions(
    {
      cluster_type: clusterType,
      component: component ?? DEFAULT_COMPONENT,
      page,
      per_page,
      sort: sort === 'version' ? 'version' : '-version',
    },
    Boolean(component),
  );

  return (
    <>
      <PageHeader title="Components" description="The images of each component version new clusters get." />
      <Panel>
        <div className="toolbar">
          <SelectFilter
            label="Cluster type"
            allowClear={false}
            value={clusterType}
            options={CLUSTER_TYPE_OPTIONS}
            // A new cluster type starts from its default component.
            onChange={(next) => list.setFilters({ cluster_type: next ?? 'DEDICATED_TIDB', component: '' })}
          />
          <SelectFilter<Component>
            label="Component"
            allowClear={false}
            value={component}
            options={offered.map((c) => ({ value: c, label: c }))}
            onChange={(next) => list.setFilters({ component: next ?? '' })}
          />
        </div>
        {component ? (
          <DataTable<ComponentVersionRow>
            aria-label="Component versions"
            rowKey="version"
            columns={columns}
            query={query}
            list={list}
            emptyText="No versions of this component"
          />
        ) : (
          <Text type="secondary">This cluster type has no components.</Text>
        )}
      </Panel>
    </>
  );
}
