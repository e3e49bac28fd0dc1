import type { AppContext } from '../../../platform/context.js';
import { writeAudit } from '../../../platform/audit.js';
import { compareVersions } from '../../configchange/index.js';
import type { OperationDefinition, StepContext, StepDefinition } from '../../operations/index.js';
import * as repo from './repo.js';

export const SET_DEFAULT_OPERATION = 'versions.set_default';
export const SYNC_GITOPS_OPERATION = 'versions.sync_gitops';

export interface SetDefaultParams {
  cluster_type: string;
  version: string;
}

/** What the sync read from the gitops repository when it was requested: the versions in range. */
export interface SyncParams {
  branch: string;
  tier_branch: string | null;
  min_version: string | null;
  max_version: string;
  reason: string;
  /** `embedded` or `rest`, and the listing's revision (the versions file's blob sha in the repository). */
  catalogue: string;
  revision: string;
  listed: { cluster_type: string; version: string }[];
}

const keyOf = (v: { cluster_type: string; version: string }) => `${v.cluster_type} ${v.version}`;
const listOf = (vs: { cluster_type: string; version: string }[]) => vs.map(keyOf).join(', ');

type Context = Pick<AppContext, 'controlPlane'>;

function stepOf(app: Context, type: string) {
  return (name: string, title: string, run: StepDefinition['run']): StepDefinition => ({
    name,
    title,
    durationMs: app.controlPlane.stepDuration(type, name),
    run,
  });
}

/**
 * Set Default Version: check the version still exists, then make it the only default of its cluster type (one
 * statement, so there is never a moment with two defaults or none). The effect's audit row commits with it.
 */
export function setDefaultOperation(app: Context): OperationDefinition {
  const step = stepOf(app, SET_DEFAULT_OPERATION);
  const paramsOf = (ctx: StepContext) => ctx.operation.params as SetDefaultParams;
  return {
    type: SET_DEFAULT_OPERATION,
    steps: [
      step('check', 'Check the version exists', async (ctx) => {
        const p = paramsOf(ctx);
        const row = await repo.findVersion(ctx.tx, p.cluster_type, p.version);
        if (!row) throw new Error(`${p.cluster_type} ${p.version} no longer exists`);
        return `${p.cluster_type} ${p.version} exists (source ${row.source})`;
      }),
      step('set-default', 'Make it the only default version', async (ctx) => {
        const p = paramsOf(ctx);
        const before = await repo.setDefaultVersion(ctx.tx, p.cluster_type, p.version);
        await writeAudit(ctx.tx, {
          type: 'operation',
          instanceId: ctx.operation.id,
          operator: ctx.operation.createdBy,
          operation: 'default_version_set',
          details: { cluster_type: p.cluster_type, before: { default: before }, after: { default: [p.version] } },
        });
        if (before.length === 1 && before[0] === p.version)
          return `${p.version} was already the default ${p.cluster_type} version`;
        const was = before.length ? ` (was ${before.join(', ')})` : '';
        return `${p.version} is now the default ${p.cluster_type} version${was}`;
      }),
    ],
  };
}

/**
 * Sync from Gitops: compare what the branch listed (read when the sync was requested, kept in the params) with the
 * known versions, then add the missing ones with source `gitops`. Adding skips a version that appeared meanwhile.
 */
export function syncGitopsOperation(app: Context): OperationDefinition {
  const step = stepOf(app, SYNC_GITOPS_OPERATION);
  const paramsOf = (ctx: StepContext) => ctx.operation.params as SyncParams;
  const range = (p: SyncParams) => (p.min_version ? `${p.min_version} – ${p.max_version}` : `up to ${p.max_version}`);
  const missing = async (ctx: StepContext) => {
    const { listed } = paramsOf(ctx);
    const known = await repo.existingVersionKeys(
      ctx.tx,
      listed.map((v) => `${v.cluster_type}:${v.version}`),
    );
    return listed.filter((v) => !known.has(`${v.cluster_type}:${v.version}`));
  };
  return {
    type: SYNC_GITOPS_OPERATION,
    steps: [
      step('compare', 'Compare the branch with the known versions', async (ctx) => {
        const p = paramsOf(ctx);
        const on = p.tier_branch ? `${p.branch} (tier ${p.tier_branch})` : p.branch;
        const news = await missing(ctx);
        const listed = `${on} lists ${p.listed.length} version${p.listed.length === 1 ? '' : 's'} ${range(p)}`;
        return news.length ? `${listed}; new: ${listOf(news)}` : `${listed}; all are known already`;
      }),
      step('add', 'Add the new versions', async (ctx) => {
        const p = paramsOf(ctx);
        const inserted = await repo.insertMissingVersions(
          ctx.tx,
          (await missing(ctx)).map((v) => ({ clusterType: v.cluster_type, version: v.version })),
        );
        const added = inserted
          .map((v) => ({ cluster_type: v.clusterType, version: v.version }))
          .sort((a, b) => a.cluster_type.localeCompare(b.cluster_type) || compareVersions(a.version, b.version));
        await writeAudit(ctx.tx, {
          type: 'operation',
          instanceId: ctx.operation.id,
          operator: ctx.operation.createdBy,
          operation: 'gitops_versions_added',
          details: { branch: p.branch, tier_branch: p.tier_branch, after: { added: added.map(keyOf) } },
        });
        return added.length ? `added ${listOf(added)}` : 'added nothing: every listed version exists';
      }),
    ],
  };
}
