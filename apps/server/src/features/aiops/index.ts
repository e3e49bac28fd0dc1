import { aiopsApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { enqueueJob } from '../../platform/jobs.js';
import { metricsSource } from '../metrics/index.js';
import { detectorObservation } from './detector.js';
import { issueEvidence } from './evidence.js';
import * as service from './service.js';

export { aiopsIssues, aiopsReports } from './schema.js';

/**
 * AIOps (issue 14; spec §2 /aiops/issues, /aiops/issues/{issue_key}, /aiops/reports/{report_id}): the anomaly rules of
 * the contract evaluated over the metrics adapter by a periodic observation (the detector), the issues it opens —
 * acknowledged and resolved by people (contract AIOPS_ISSUE_STATUS_ACTIONS, audited) — each with its evidence chart,
 * and the daily reports a second periodic job writes after each UTC midnight.
 *
 * Both are rows of the `jobs` table that queue their own next run, so a restart neither loses nor doubles them; the
 * app's start queues each once if it is missing (a dedupe key), the first run one interval later. The detector is a
 * periodic observation (platform/observation.ts): it reads the metrics with no transaction open, records in one
 * transaction, and a failing metrics source is logged and kept on its job, never stopping its schedule.
 */
export const aiopsFeature = defineFeature({
  name: 'aiops',
  jobs: () => ({
    [service.REPORT_JOB]: (tx: Db) => service.onReportJob(tx),
  }),
  observations: (ctx) => [detectorObservation(ctx)],
  routes: (r, ctx) => {
    const source = metricsSource(ctx);
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email.toLowerCase();
    r.add(aiopsApi.issues, (req) => service.listIssues(ctx.db, req.query));
    r.add(aiopsApi.issue, async (req) => ({ issue: await service.getIssue(ctx.db, req.params.issue_key) }));
    r.add(aiopsApi.evidence, (req) => issueEvidence(ctx.db, source, req.params.issue_key));
    for (const action of ['acknowledge', 'resolve'] as const)
      r.add(aiopsApi[action], async (req) => ({
        issue: await service.act(ctx.db, req.params.issue_key, action, who(req), req.body?.note || undefined),
      }));
    r.add(aiopsApi.reports, (req) => service.listReports(ctx.db, req.query));
    r.add(aiopsApi.report, async (req) => ({ report: await service.getReport(ctx.db, req.params.report_id) }));
  },
  start: async (ctx) => {
    const now = new Date();
    await enqueueJob(
      ctx.db,
      service.REPORT_JOB,
      {},
      {
        dedupeKey: service.REPORT_JOB_KEY,
        runAt: service.nextReportRun(now),
      },
    );
  },
});
