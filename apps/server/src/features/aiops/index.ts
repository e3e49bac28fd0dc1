import { aiopsApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { enqueueJob } from '../../platform/jobs.js';
import { metricsSource } from '../metrics/index.js';
import { DETECT_JOB, DETECT_JOB_KEY, nextDetection, runDetection } from './detector.js';
import { issueEvidence } from './evidence.js';
import * as service from './service.js';

export { aiopsIssues, aiopsReports } from './schema.js';

/**
 * AIOps (issue 14; spec §2 /aiops/issues, /aiops/issues/{issue_key}, /aiops/reports/{report_id}): the anomaly rules of
 * the contract evaluated over the metrics adapter by a durable periodic job (the detector), the issues it opens —
 * acknowledged and resolved by people (contract AIOPS_ISSUE_STATUS_ACTIONS, audited) — each with its evidence chart,
 * and the daily reports a second periodic job writes after each UTC midnight.
 *
 * Both jobs are rows of the `jobs` table that queue their own next run (`rerunAt`), so a restart neither loses nor
 * doubles them; the app's start queues each once if it is missing (a dedupe key), the first run one interval later.
 */
export const aiopsFeature = defineFeature({
  name: 'aiops',
  jobs: (ctx) => ({
    [DETECT_JOB]: async (tx: Db) => {
      const now = new Date();
      // The metrics are read in the job's transaction (the embedded source reads the cluster tables).
      await runDetection(tx, metricsSource({ config: ctx.config, db: tx }), now);
      return { rerunAt: nextDetection(now) };
    },
    [service.REPORT_JOB]: (tx: Db) => service.onReportJob(tx),
  }),
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
    await enqueueJob(ctx.db, DETECT_JOB, {}, { dedupeKey: DETECT_JOB_KEY, runAt: nextDetection(now) });
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
