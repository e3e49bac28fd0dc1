import type { ClusterType, ConfigType } from '@portal/contract';
import { clusterConfigTarget, setClusterComponentImageTag, setClusterVersion } from '../orgs/index.js';
import type { ConfigTargetAdapter } from './targets.js';

/** The config files each TiDB component reads (TiFlash runs the learner proxy too). */
const CONFIG_TYPES_OF: Record<string, ConfigType[]> = {
  TIDB: ['tidb'],
  TIKV: ['tikv'],
  PD: ['pd'],
  TIFLASH: ['tiflash', 'tiflash_learner'],
};

export const BASE_IMAGES: Record<string, string> = {
  PD: 'pingcap/pd',
  TIKV: 'pingcap/tikv',
  TIDB: 'pingcap/tidb',
  TIFLASH: 'pingcap/tiflash',
  TIFLASH_LEARNER: 'pingcap/tiflash',
  TIPROXY: 'pingcap/tiproxy',
};

const AVAILABLE = 'USER_CLUSTER_STATUS_AVAILABLE';

/** A TiDB cluster of the tenants feature (dedicated, shared pool or logical) as a configuration target. */
function clusterAdapter(clusterType: ClusterType): ConfigTargetAdapter {
  return {
    clusterType,
    async load(db, id, opts) {
      const c = await clusterConfigTarget(db, id, opts);
      if (!c || c.clusterType !== clusterType) return undefined;
      const configTypes = [...new Set(c.components.flatMap((k) => CONFIG_TYPES_OF[k.component] ?? []))];
      return {
        id: c.id,
        clusterType,
        tenantId: c.tenantId,
        status: c.status,
        blocked: c.status === AVAILABLE ? null : `the cluster is ${c.status}`,
        version: c.version,
        configTypes,
        components: c.components.map((k) => ({
          name: k.component,
          baseImage: BASE_IMAGES[k.component] ?? `pingcap/${k.component.toLowerCase()}`,
          imageTag: k.imageTag,
          nodeSpec: k.nodeSpec,
        })),
        provider: c.provider,
      };
    },
    setVersion: (tx, id, version) => setClusterVersion(tx, id, version),
    setImageTag: (tx, id, component, tag) => setClusterComponentImageTag(tx, id, component, tag),
  };
}

export const CLUSTER_TARGET_TYPES: ClusterType[] = ['DEDICATED_TIDB', 'SHARED_POOL', 'LOGICAL_CLUSTER'];

/** The TiDB cluster kinds as configuration targets (configchange provides them to its own `configTargets`). */
export function clusterTargets(): ConfigTargetAdapter[] {
  return CLUSTER_TARGET_TYPES.map(clusterAdapter);
}
