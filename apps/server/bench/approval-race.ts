/**
 * Approval race (run by hand): N trials of 20 concurrent "approve" calls on one pending approval.
 *
 *   npx tsx --conditions=source apps/server/bench/approval-race.ts [--trials 100] [--only pglite|postgres]
 *
 * PGlite: one server process on a fresh embedded database (the only way to use one). PostgreSQL (when
 * TEST_DATABASE_URL is set): two server processes on one throwaway database, the 20 calls split between them.
 * Each trial creates a configuration change as the operator (which opens its approval), fires the 20 approvals as the
 * admin at once, and checks: exactly one 200, nineteen 409, one "approve" audit row, the change moved on once.
 * Prints one line per database and exits 1 if any trial broke the rule.
 */
import {
  apiClient,
  changeBody,
  freshClusters,
  log,
  postgresQuery,
  startServer,
  tempDataDir,
  throwawayPostgres,
  tokenSigner,
  until,
  withPglite,
  type Json,
  type Query,
  type ServerProcess,
} from './harness.js';

const CALLS = 20;
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const trials = Number(arg('trials') ?? 100);
const only = arg('only');

interface Outcome {
  ok: number;
  broken: string[];
  ms: number[];
}

/** Runs the trials against `servers` (calls alternate between them). */
async function race(
  servers: ServerProcess[],
  sign: (email: string) => Promise<string>,
  clusters: string[],
): Promise<Outcome> {
  const api = apiClient(sign);
  const [first] = servers;
  const out: Outcome = { ok: 0, broken: [], ms: [] };
  for (const [i, cluster] of clusters.entries()) {
    const cfg = await api.call(first!.url, 'GET', `/api/v1/devops/cloudconfig/clusters/${cluster}/config`);
    const { change_id: changeId } = await api.call(
      first!.url,
      'POST',
      `/api/v1/devops/cloudconfig/clusters/${cluster}/changes`,
      'operator@example.com',
      changeBody(
        cluster,
        cfg.configuration.fingerprint,
        { 'tidb:token-limit': String(2000 + i) },
        `approval race ${i + 1}`,
      ),
    );
    const detail = async (): Promise<Json> =>
      (await api.call(first!.url, 'GET', `/api/v1/devops/cloudconfig/changes/${changeId}`)).change;
    const approvalId = (await detail()).approval_id as string;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, k) =>
        api.raw(
          servers[k % servers.length]!.url,
          'POST',
          `/api/v1/devops/approval/approvals/${approvalId}/approve`,
          'admin@example.com',
          {},
        ),
      ),
    );
    out.ms.push(performance.now() - started);
    const codes = answers.map((a) => a.status);
    const wins = codes.filter((c) => c === 200).length;
    const conflicts = codes.filter((c) => c === 409).length;
    const phase = await until('the approval to settle', async () => {
      const p = (await detail()).phase as string;
      return p === 'approving' ? undefined : p;
    });
    const audit = (
      await api.call(
        first!.url,
        'GET',
        `/api/v1/devops/audit?type=cloud_config_change&instance_id=${changeId}&per_page=100`,
        'admin@example.com',
      )
    ).items as Json[];
    const approves = audit.filter((a) => a.operation === 'approve').length;
    const approved = audit.filter((a) => a.operation === 'approved').length;
    if (wins === 1 && conflicts === CALLS - 1 && approves === 1 && approved === 1 && phase === 'wait_for_apply')
      out.ok++;
    else
      out.broken.push(
        `trial ${i + 1}: codes ${JSON.stringify(codes)}, approve rows ${approves}, approved rows ${approved}, phase ${phase}`,
      );
  }
  return out;
}

function summary(name: string, o: Outcome): string {
  const sorted = [...o.ms].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
  return `${name}: ${o.ok}/${trials} trials exactly 1×200 + ${CALLS - 1}×409, one approve audit row, approved once (20 calls took p50 ${p(0.5)} ms, max ${p(1)} ms)`;
}

async function pgliteRun(): Promise<Outcome> {
  const data = tempDataDir('portal-race');
  try {
    // Seed on a first start, then read the issuer key and the targets while no server holds the data dir.
    await (await startServer({ DATA_DIR: data.dir }, 'seeding server')).stop();
    const { sign, clusters } = await withPglite(data.dir, async (q: Query) => ({
      sign: await tokenSigner(q, 'http://portal.race'),
      clusters: await freshClusters(q, trials),
    }));
    const server = await startServer({ DATA_DIR: data.dir, PUBLIC_URL: 'http://portal.race' }, 'pglite server');
    try {
      log(`PGlite: one process, ${clusters.length} trials`);
      return await race([server], sign, clusters);
    } finally {
      await server.stop();
    }
  } finally {
    data.remove();
  }
}

async function postgresRun(): Promise<Outcome> {
  const database = await throwawayPostgres('portal_race');
  const servers: ServerProcess[] = [];
  const pgq = postgresQuery(database.url);
  try {
    const env = { DATABASE_URL: database.url, PUBLIC_URL: 'http://portal.race' };
    servers.push(await startServer(env, 'server A'));
    servers.push(await startServer(env, 'server B'));
    const sign = await tokenSigner(pgq.query, 'http://portal.race');
    const clusters = await freshClusters(pgq.query, trials);
    log(`PostgreSQL: two processes (${servers.map((s) => s.url).join(', ')}), ${clusters.length} trials`);
    return await race(servers, sign, clusters);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await pgq.end().catch(() => undefined);
    await database.drop();
  }
}

async function main(): Promise<boolean> {
  const lines: string[] = [];
  let ok = true;
  const runs: [string, () => Promise<Outcome>][] = [];
  if (only !== 'postgres') runs.push(['PGlite (one process)', pgliteRun]);
  if (only !== 'pglite') {
    if (process.env.TEST_DATABASE_URL) runs.push(['PostgreSQL (two processes)', postgresRun]);
    else lines.push('PostgreSQL: skipped (set TEST_DATABASE_URL)');
  }
  for (const [name, run] of runs) {
    const o = await run();
    for (const b of o.broken.slice(0, 10)) console.log(`  ${name} ${b}`);
    ok &&= o.broken.length === 0 && o.ok === trials;
    lines.push(summary(name, o));
  }
  for (const l of lines) console.log(l);
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(`approval race failed: ${(err as Error).stack ?? String(err)}`);
    process.exit(1);
  },
);
