import { Tag } from 'antd';
import { Link } from 'react-router';
import { CONFIG_CENTER_MESSAGES, DEFAULT_CONFIG_PHASE_COLORS, RELEASE_PHASE_COLORS } from '@portal/contract';
import type { ChangeItem, ConfigEnvironment, DefaultConfigPhase, ReleasePhase } from '@portal/contract';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { Text } from '../../../../shared/ui/Typography';

/*
 * Small pieces the change, release and version-change pages share: phase tags, template links, item summaries and
 * the version-release columns.
 */

/**
 * The tables of the change, release and version-change pages take their box's width and wrap their cells (long
 * template names, image references, instance-type tags) rather than scroll sideways beside the job menu (an image
 * reference may break anywhere there: changes.css).
 */
export const FIT_WIDTH = { x: '100%' } as const;

export const changePath = (changeId: string) => `/defaultconfig/change/${encodeURIComponent(changeId)}`;
export const releasePath = (changeId: string, releaseId: string) =>
  `${changePath(changeId)}/release/${encodeURIComponent(releaseId)}`;
export const templatePath = (templateId: string, clusterType: string) =>
  `/template/${encodeURIComponent(templateId)}?cluster_type=${encodeURIComponent(clusterType)}`;

/** Spec §4 default-config change phase, coloured by the contract's table. */
export function ChangePhaseTag({ phase }: { phase: DefaultConfigPhase }) {
  return (
    <Tag color={DEFAULT_CONFIG_PHASE_COLORS[phase]} style={{ marginInlineEnd: 0 }}>
      {phase}
    </Tag>
  );
}

/** Spec §4 release phase, coloured by the contract's table. */
export function ReleasePhaseTag({ phase }: { phase: ReleasePhase }) {
  return (
    <Tag color={RELEASE_PHASE_COLORS[phase]} style={{ marginInlineEnd: 0 }}>
      {phase}
    </Tag>
  );
}

export function EnvironmentTags({ environments }: { environments: readonly ConfigEnvironment[] }) {
  if (!environments.length) return <Text type="secondary">-</Text>;
  return (
    <>
      {environments.map((env) => (
        <Tag key={env} color="blue">
          {env}
        </Tag>
      ))}
    </>
  );
}

export function TemplateLink({ id, name, clusterType }: { id: string; name: string; clusterType: string }) {
  return <Link to={templatePath(id, clusterType)}>{name || id}</Link>;
}

/** A default case's cloud provider or instance type: null is "Any" (spec §2). */
export const anyOf = (value: string | null | undefined) => value || CONFIG_CENTER_MESSAGES.any;

export const ITEM_TYPE_LABELS: Record<ChangeItem['type'], string> = {
  version_release: 'Version',
  template_default_case_binding: 'Template',
  default_component_config: 'Component Image',
};

/** One line saying what an item changes, whatever its type. */
export function ItemSummary({ item }: { item: ChangeItem }) {
  const binding = item.template_binding;
  if (binding) {
    const c = binding.origin.default_case;
    return (
      <span>
        {`${c.version} · ${anyOf(c.cloud_provider)} · ${anyOf(c.instance_type)} · ${c.config_type}: `}
        <TemplateLink
          id={binding.origin.template_id}
          name={binding.origin.template_name}
          clusterType={binding.origin.cluster_type}
        />
        {' → '}
        <TemplateLink
          id={binding.modified.template_id}
          name={binding.modified.template_name}
          clusterType={binding.origin.cluster_type}
        />
      </span>
    );
  }
  const component = item.component_config;
  if (component) {
    const c = component.origin.default_case;
    return (
      <span>
        {`${component.origin.cluster_type} ${c.component} ${c.version}: `}
        <Text code>{`${component.origin.base_image}:${component.origin.image_tag}`}</Text>
        {' → '}
        <Text code>{`${component.modified.base_image}:${component.modified.image_tag}`}</Text>
      </span>
    );
  }
  const version = item.version_release;
  if (version) return <span>{`${version.cluster_type} ${version.source_version} → ${version.target_version}`}</span>;
  return <span>{item.id}</span>;
}

type VersionRow = ChangeItem & { version_release: NonNullable<ChangeItem['version_release']> };
export const isVersionRow = (item: ChangeItem): item is VersionRow => item.version_release !== null;

/** Version Information (spec §3 version release item): covering instance types as `provider:instance type`. */
export const versionItemColumns: DataColumns<VersionRow> = [
  { title: 'Cluster Type', key: 'cluster_type', dataIndex: ['version_release', 'cluster_type'] },
  {
    title: 'Source Version',
    key: 'source_version',
    dataIndex: ['version_release', 'source_version'],
    render: (v: string) => <Text code>{v}</Text>,
  },
  {
    title: 'Target Version',
    key: 'target_version',
    dataIndex: ['version_release', 'target_version'],
    render: (v: string) => <Text code>{v}</Text>,
  },
  {
    title: 'Covering Instance Types',
    key: 'covering',
    dataIndex: ['version_release', 'covering_instance_types'],
    render: (types: string[]) =>
      types.length ? types.map((t) => <Tag key={t}>{t}</Tag>) : <Text type="secondary">-</Text>,
  },
  {
    title: 'Released To',
    key: 'released_to',
    dataIndex: 'released_to',
    render: (envs: ConfigEnvironment[]) => <EnvironmentTags environments={envs} />,
  },
];
