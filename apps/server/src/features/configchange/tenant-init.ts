import { TENANT_INIT_CLUSTER_TYPES } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { defaultVersionFor, storeId } from './configuration.js';
import type { ConfigChangeContext, ConfigTargetAdapter } from './targets.js';
import * as repo from './repo.js';

/** The config types a tenant's new TiDB clusters start with. */
const INIT_CONFIG_TYPES = ['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner'];

/**
 * A tenant's init configuration (spec §3 Config change target_type `tenant_init`): per cluster type, the parameters a
 * tenant's new clusters start with on top of the default templates (the "Any provider, any instance type" cases of
 * the version new clusters get). It has no version or images of its own; its parameters are stored by configchange
 * like a cluster's custom parameters (under `tenant_init:{tenant id}`). A tenant that is not ACTIVE can't be changed.
 */
export function tenantInitTargets(ctx: ConfigChangeContext): ConfigTargetAdapter[] {
  return TENANT_INIT_CLUSTER_TYPES.map((clusterType): ConfigTargetAdapter => ({
    targetType: 'tenant_init',
    clusterType,
    async load(db, id, opts) {
      const tenant = await repo.selectTenantForInit(db, id, opts?.forUpdate ?? false);
      if (!tenant) return undefined;
      return {
        id: tenant.id,
        clusterType,
        tenantId: tenant.id,
        status: tenant.status,
        blocked: tenant.status === 'ACTIVE' ? null : `the tenant is ${tenant.status}`,
        // The parameter catalogue (and the templates) of the version the tenant's new clusters would get.
        version: (await defaultVersionFor(ctx, db, clusterType)) ?? 'v0.0.0',
        configTypes: INIT_CONFIG_TYPES,
        components: [],
        provider: null,
        versioned: false,
      };
    },
    async setVersion() {
      throw new AppError('configChange.invalidVersion', "A tenant's init configuration has no version of its own");
    },
    async setImageTag() {
      throw new AppError('configChange.invalidParameter', "A tenant's init configuration has no images");
    },
  }));
}

/**
 * A tenant's applied init configuration of a cluster type (what its applied tenant-init changes stored): per config
 * type, its parameters by name; undefined when there is no such tenant. The config center's defaults resolution puts
 * it on top of the released templates for the tenant's new clusters (decision 0012).
 */
export async function tenantInitParameters(
  db: Db,
  clusterType: string,
  tenantId: string,
): Promise<Map<string, { name: string; value: string }[]> | undefined> {
  if (!(await repo.selectTenantForInit(db, tenantId))) return undefined;
  const byType = new Map<string, { name: string; value: string }[]>();
  for (const r of await repo.selectCustomParams(db, clusterType, storeId('tenant_init', tenantId)))
    byType.set(r.configType, [...(byType.get(r.configType) ?? []), { name: r.name, value: r.value }]);
  return byType;
}
