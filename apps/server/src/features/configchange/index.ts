import { configcenterApi, configchangeApi, tenantInitApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { approvalSettledJob, approvalTemplates, type ApprovalSettled } from '../approvals/index.js';
import { operationTypes } from '../operations/index.js';
import { applyChange, applyOperation } from './apply.js';
import { clusterTargets } from './clusters.js';
import * as service from './service.js';
import { configTargets } from './targets.js';
import { createTemplateChange } from './template-change.js';
import { tenantInitTargets } from './tenant-init.js';

export { configTarget, configTargets, templateSources } from './targets.js';
export type {
  ConfigChangeContext,
  ConfigTargetAdapter,
  ConfigTargetState,
  PersistedChange,
  TargetType,
  TemplateQuery,
  TemplateSource,
} from './targets.js';
export { compareVersions, parseVersion } from './configuration.js';
export { APPLY_OPERATION } from './apply.js';
export { configChanges, configParameters } from './schema.js';
export { catalogueVersionFor, loadCatalogue } from './configuration.js';
export { tenantInitParameters } from './tenant-init.js';

/**
 * Cluster configuration and its changes (spec §2 /configchange, /confighistories, §4 Config change flow, §7), for
 * every target type: clusters (and TiCDC clusters, changefeeds), tenants' init configurations, and templates being
 * created (Add Template). Other features make their objects configurable by providing a `configTargets` adapter for a
 * (target type, cluster type), and the bound templates' parameters by providing a `templateSources` source.
 */
export const configchangeFeature = defineFeature({
  name: 'configchange',
  provides: (ctx) => [
    configTargets.provide(...clusterTargets(), ...tenantInitTargets(ctx)),
    operationTypes.provide(applyOperation(ctx)),
    approvalTemplates.provide(service.CHANGE_APPROVAL_TEMPLATE),
  ],
  jobs: () => ({
    [approvalSettledJob('cloud_config_change')]: (tx, p: ApprovalSettled) => service.onApprovalSettled(tx, p),
  }),
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    r.add(configchangeApi.parameters, (req) => service.listParameters(db, req.query.config_type, req.query.version));
    r.add(configchangeApi.clusterConfig, (req) =>
      service.getClusterConfig(ctx, db, req.query.cluster_type, req.params.cluster_id),
    );
    r.add(configchangeApi.preview, (req) => service.previewChange(ctx, db, req.params.cluster_id, req.body));
    r.add(configchangeApi.create, async (req) => ({
      change_id: await service.createChange(ctx, db, principalOf(req).email, req.params.cluster_id, req.body),
    }));
    // A cluster's history: its own changes (a tenant-init change could share the id, never the target type).
    r.add(configchangeApi.clusterHistory, (req) =>
      service.listChanges(db, { ...req.query, target_type: req.query.target_type ?? 'cluster' }, req.params.cluster_id),
    );
    r.add(configchangeApi.list, (req) => service.listChanges(db, req.query));
    r.add(configchangeApi.detail, async (req) => ({ change: await service.getChange(db, req.params.id) }));
    r.add(configchangeApi.apply, async (req) => {
      const out = await applyChange(ctx, db, req.params.id, principalOf(req).email);
      jobs.wake();
      return out;
    });
    // A tenant's init configuration (spec §7 "tenantinit changes"): the same flow, target type tenant_init.
    r.add(tenantInitApi.config, (req) =>
      service.getClusterConfig(ctx, db, req.query.cluster_type, req.params.tenant_id, 'tenant_init'),
    );
    r.add(tenantInitApi.preview, (req) =>
      service.previewChange(ctx, db, req.params.tenant_id, req.body, 'tenant_init'),
    );
    r.add(tenantInitApi.create, async (req) => ({
      change_id: await service.createChange(
        ctx,
        db,
        principalOf(req).email,
        req.params.tenant_id,
        req.body,
        'tenant_init',
      ),
    }));
    // Add Template (spec §7 Create template): a change of target type template, created when applied.
    r.add(configcenterApi.createTemplate, async (req) => ({
      change_id: await createTemplateChange(ctx, db, principalOf(req).email, req.body),
    }));
    r.add(configchangeApi.cancel, async (req) => {
      const change = await service.cancelChange(db, req.params.id, principalOf(req).email, req.body?.reason);
      jobs.wake();
      return { change };
    });
  },
});
