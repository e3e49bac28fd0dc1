import { CONFIG_FILENAMES } from '@portal/contract';
import type { ClusterConfiguration, ClusterType, ConfigType, PreviewBody } from '@portal/contract';
import type { PendingChanges } from './pending';

/** The change type the server will work out; sent because the contract asks for it. */
function changeType(pending: PendingChanges): PreviewBody['change_type'] {
  const kinds = [
    pending.params.length > 0 && 'config',
    Object.keys(pending.images).length > 0 && 'image',
    pending.version !== null && 'version',
  ].filter((k): k is 'config' | 'image' | 'version' => Boolean(k));
  return kinds.length === 1 ? kinds[0]! : kinds.length ? 'mixed' : 'config';
}

/**
 * The preview (and, with apply policy and reason, create) payload of the pending changes: parameter
 * operations grouped per config file, image tags as components, the target version (a version change, spec §7
 * `version.to_version`), and the fingerprint they were prepared
 * against as `base_fingerprint` (the server refuses it as stale when the configuration moved since).
 */
export function buildPreviewBody(
  clusterType: ClusterType,
  clusterId: string,
  configuration: ClusterConfiguration,
  pending: PendingChanges,
): PreviewBody {
  const base = pending.base ?? configuration.fingerprint;
  const types = [...new Set(pending.params.map((p) => p.configType))];
  return {
    change_type: changeType(pending),
    cluster_type: clusterType,
    cluster_id: clusterId,
    files: types.map((configType) => ({
      config_type: configType,
      filename:
        configuration.files.find((f) => f.config_type === configType)?.filename ??
        CONFIG_FILENAMES[configType as ConfigType],
      custom_parameters: pending.params.filter((p) => p.configType === configType),
      previous_text: base,
    })),
    components: Object.entries(pending.images).map(([component, tag]) => ({
      component,
      overwrite_image_tag: { to_image_tag: tag },
    })),
    ...(pending.version ? { version: { to_version: pending.version } } : {}),
    base_fingerprint: base,
  };
}
