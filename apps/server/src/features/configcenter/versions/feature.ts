import { configcenterApi } from '@portal/contract';
import { principalOf } from '../../../platform/auth.js';
import { defineFeature } from '../../../platform/context.js';
import { operationTypes } from '../../operations/index.js';
import { versionCatalogueFor } from './catalogue.js';
import { setDefaultOperation, syncGitopsOperation } from './operations.js';
import * as service from './service.js';

/**
 * Cluster versions, default version rules, components and instance types (spec §2 /version, /component; §7 Version
 * calls; decision 0012). Set Default Version and Sync from Gitops run as operations; the gitops versions come from a
 * `VersionCatalogue` (the repository when GITOPS_REPO_URL is set, else the embedded one).
 */
export const configVersionsFeature = defineFeature({
  name: 'configcenter-versions',
  provides: (ctx) => [operationTypes.provide(setDefaultOperation(ctx), syncGitopsOperation(ctx))],
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    const catalogue = versionCatalogueFor(ctx.config);
    r.add(configcenterApi.versions, (req) => service.listVersions(db, req.query.cluster_type));
    r.add(configcenterApi.versionRules, (req) => service.listVersionRules(db, req.query));
    r.add(configcenterApi.setDefaultVersion, async (req) => {
      const out = await service.requestSetDefault(ctx, db, req.body, principalOf(req).email);
      jobs.wake();
      return out;
    });
    r.add(configcenterApi.syncFromGitops, async (req) => {
      const out = await service.requestSync(ctx, catalogue, db, req.body, principalOf(req).email);
      jobs.wake();
      return out;
    });
    r.add(configcenterApi.components, (req) => service.listComponents(db, req.query.cluster_type));
    r.add(configcenterApi.componentVersions, (req) => service.listComponentVersions(db, req.query));
    r.add(configcenterApi.instanceTypes, (req) => service.listInstanceTypes(db, req.query.cluster_type));
    r.add(configcenterApi.configTypes, (req) => service.listConfigTypes(db, req.query.cluster_type, req.query.version));
  },
});
