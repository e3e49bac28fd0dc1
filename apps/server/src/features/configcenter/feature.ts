import { configcenterApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { approvalSettledJob, approvalTemplates, type ApprovalSettled } from '../approvals/index.js';
import { operationTypes } from '../operations/index.js';
import { configTargets, templateSources } from '../configchange/index.js';
import * as updates from './change-updates.js';
import * as changes from './changes.js';
import { AUDIT_TYPE } from './model.js';
import { releaseOperation } from './release-operation.js';
import * as releases from './releases.js';
import * as templates from './templates.js';
import { defaultTemplateSource } from './template-source.js';
import { templateTargets } from './template-target.js';
import { releaseVersion } from './version-release.js';

/** Templates, default cases, default-config changes and their releases (decision 0012). */
export const configcenterFeature = defineFeature({
  name: 'configcenter',
  provides: (ctx) => [
    operationTypes.provide(releaseOperation(ctx)),
    approvalTemplates.provide(releases.RELEASE_APPROVAL),
    // Add Template as a configuration-change target; the released templates as the clusters' template source.
    configTargets.provide(...templateTargets()),
    templateSources.provide(defaultTemplateSource),
  ],
  jobs: (ctx) => ({
    [approvalSettledJob(AUDIT_TYPE)]: (tx, p: ApprovalSettled) => releases.onApprovalSettled(ctx, tx, p),
  }),
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;

    // templates and default cases
    r.add(configcenterApi.templates, (req) => templates.listTemplates(db, req.query));
    r.add(configcenterApi.template, async (req) => ({
      template: await templates.getTemplate(db, req.params.template_id, req.query),
    }));
    r.add(configcenterApi.templateDiff, (req) => templates.diffTemplates(db, req.query.from, req.query.to));
    r.add(configcenterApi.defaultCases, (req) => templates.listDefaultCases(db, req.query));
    r.add(configcenterApi.resolveDefaults, (req) => templates.resolveDefaults(db, req.query));

    // default-config changes
    r.add(configcenterApi.changes, (req) => changes.listChanges(db, req.query));
    r.add(configcenterApi.createModification, async (req) => ({
      change_id: await changes.createModification(db, who(req), req.body),
    }));
    r.add(configcenterApi.change, async (req) => ({ change: await changes.getChange(db, req.params.change_id) }));
    r.add(configcenterApi.items, (req) => changes.listItems(db, req.params.change_id, req.query));
    r.add(configcenterApi.batchUpdateTemplates, (req) =>
      updates.batchUpdateTemplates(db, req.params.change_id, who(req), req.body),
    );
    r.add(configcenterApi.batchUpdateComponents, (req) =>
      updates.batchUpdateComponents(db, req.params.change_id, who(req), req.body),
    );
    r.add(configcenterApi.changeImages, (req) => updates.changeImages(db, req.params.change_id, req.query));
    r.add(configcenterApi.close, (req) => changes.closeChange(db, req.params.change_id, who(req), req.body));
    r.add(configcenterApi.releaseVersion, async (req) => ({
      change_id: await releaseVersion(db, who(req), req.body),
    }));

    // releases
    r.add(configcenterApi.releases, (req) => releases.listReleases(db, req.params.change_id));
    r.add(configcenterApi.createRelease, (req) => releases.createRelease(db, req.params.change_id, who(req), req.body));
    r.add(configcenterApi.release, async (req) => ({
      release: await releases.getRelease(
        db,
        req.params.change_id,
        req.params.release_id,
        req.query.with_released_items === 'true',
      ),
    }));
    r.add(configcenterApi.cancelRelease, async (req) => {
      const out = await releases.cancelRelease(db, req.params.change_id, req.params.release_id, who(req));
      // The cancelled approval's settled job: run it now rather than at the next poll.
      jobs.wake();
      return out;
    });
  },
});
