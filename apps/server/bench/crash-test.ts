/**
 * Crash test of a configuration change's apply, on the embedded database (PGlite) and on PostgreSQL:
 *
 *   npx tsx --conditions=source apps/server/bench/crash-test.ts [--db pglite|postgres|both] [--cycles 4]
 *
 * (`postgres` and `both` need TEST_DATABASE_URL, a role that may CREATE DATABASE; without `--db` it runs both when
 * TEST_DATABASE_URL is set, else PGlite only.) Per database it starts the real server (from source) on a fresh
 * database (a temporary PGlite data dir, or a throwaway PostgreSQL database), demo-seeded. Each cycle takes a fresh
 * cluster, creates, approves and applies a change that rolling-restarts PD, TiKV and TiDB (1.5 s per step), kills
 * the server with SIGKILL at that cycle's point — during the PD, the TiKV or the TiDB restart, or as soon as the
 * apply answered — and starts it again on the same database (PGlite: the same data dir, which only one process may
 * hold). After the last cycle it checks every cycle's change: applied, its operation succeeded, every step ran
 * exactly once, the cluster's parameters changed to the wanted values, one `apply` and one `applied` audit row, one
 * `succeed` row for the operation. Prints one line per cycle, then per database the line
 * "crash test <database>: passed|failed (N/N cycles applied exactly once)"; exit code 1 if any failed.
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
  type Query,
  type ServerProcess,
} from './harness.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const cycles = Number(arg('cycles') ?? 4);
const which = arg('db') ?? (process.env.TEST_DATABASE_URL ? 'both' : 'pglite');
if (!Number.isInteger(cycles) || cycles < 1) throw new Error('--cycles takes a positive number');
if (!['pglite', 'postgres', 'both'].includes(which)) throw new Error('--db takes pglite, postgres or both');

/** Where each cycle kills the server: while that step runs (the ones before it done), or right after the apply. */
const KILL_POINTS = ['restart-PD', 'restart-TIKV', 'restart-TIDB', 'after the apply answered'] as const;
const AFTER_APPLY = KILL_POINTS[3];
const when = (killAt: string) => (killAt === AFTER_APPLY ? killAt : `during ${killAt}`);
/** The issuer URL every server process signs for (the port changes with each restart). */
const PUBLIC_URL = 'http://portal.crash';

interface Cycle {
  n: number;
  killAt: string;
  cluster: string;
  wanted: Record<string, string>;
  changeId: string;
  operationId: string;
  /** The steps' statuses when the SIGKILL was sent. */
  atKill: string;
}

/** One database under test: how to start its server and how to read it (PGlite: only while no server holds it). */
interface Target {
  name: string;
  env: Record<string, string>;
  /** Runs `fn` with SQL access: PostgreSQL any time; PGlite after stopping the server, which `fn` must allow. */
  read<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  cleanup(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const data = tempDataDir('portal-crash');
  return {
    name: 'PGlite',
    env: { DATA_DIR: data.dir },
    read: (fn) => withPglite(data.dir, fn),
    cleanup: async () => data.remove(),
  };
}

async function postgresTarget(): Promise<Target> {
  const database = await throwawayPostgres('portal_crash');
  const pgq = postgresQuery(database.url);
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: database.url },
    read: (fn) => fn(pgq.query),
    cleanup: async () => {
      await pgq.end().catch(() => undefined);
      await database.drop();
    },
  };
}

async function run(target: Target): Promise<boolean> {
  const env = { ...target.env, PUBLIC_URL };
  let server: ServerProcess | undefined;
  try {
    // Seed on a first start, then read the issuer's key and the target clusters while no server holds the database.
    server = await startServer(env, `${target.name} seeding server`);
    await server.stop();
    const { sign, clusters } = await target.read(async (q) => ({
      sign: await tokenSigner(q, PUBLIC_URL),
      clusters: await freshClusters(q, cycles),
    }));
    if (clusters.length < cycles) throw new Error(`only ${clusters.length} fresh clusters for ${cycles} cycles`);
    const api = apiClient(sign);
    server = await startServer(env, `${target.name} server`);
    const call = (method: string, p: string, email = 'operator@example.com', body?: unknown) =>
      api.call(server!.url, method, p, email, body);
    log(`${target.name}: server on ${server.url}, ${cycles} cycles`);

    const done: Cycle[] = [];
    for (let n = 1; n <= cycles; n++) {
      const killAt = KILL_POINTS[(n - 1) % KILL_POINTS.length]!;
      const cluster = clusters[n - 1]!;
      const wanted = {
        'pd:schedule.leader-schedule-limit': String(10 + n),
        'tikv:server.grpc-concurrency': String(4 + n),
        'tidb:token-limit': String(2000 + n),
      };
      const cfg = await call('GET', `/api/v1/devops/cloudconfig/clusters/${cluster}/config`);
      const { change_id: changeId } = await call(
        'POST',
        `/api/v1/devops/cloudconfig/clusters/${cluster}/changes`,
        'operator@example.com',
        changeBody(cluster, cfg.configuration.fingerprint, wanted, `crash test cycle ${n}`),
      );
      const detail = async () => (await call('GET', `/api/v1/devops/cloudconfig/changes/${changeId}`)).change;
      await call(
        'POST',
        `/api/v1/devops/approval/approvals/${(await detail()).approval_id}/approve`,
        'admin@example.com',
        {},
      );
      await until('wait_for_apply', async () => ((await detail()).phase === 'wait_for_apply' ? true : undefined));
      const { instance_id: operationId } = await call(
        'POST',
        `/api/v1/devops/cloudconfig/changes/${changeId}/apply`,
        'operator@example.com',
        {},
      );
      const steps = async () =>
        (await call('GET', `/api/v1/devops/operations/${operationId}`)).steps as { name: string; status: string }[];
      let atKill: { name: string; status: string }[] = [];
      if (killAt !== AFTER_APPLY) {
        atKill = await until(
          `${killAt} to run`,
          async () => {
            const s = await steps();
            const i = s.findIndex((x) => x.name === killAt);
            if (i < 0) throw new Error(`no step ${killAt} in ${s.map((x) => x.name).join(', ')}`);
            return s[i]!.status === 'running' && s.slice(0, i).every((x) => x.status === 'succeeded') ? s : undefined;
          },
          30_000,
          40,
        );
      }
      await server.stop('SIGKILL');
      const stepsAtKill = atKill.map((s) => `${s.name}=${s.status}`).join(', ') || 'not read';
      log(`cycle ${n}: change ${changeId}, operation ${operationId}: SIGKILL ${when(killAt)} (${stepsAtKill})`);
      server = await startServer(env, `${target.name} server after cycle ${n}`);
      const final = await until(
        `change ${changeId} to settle`,
        async () => {
          const c = await detail();
          return c.phase === 'applying' ? undefined : c;
        },
        60_000,
      );
      log(`cycle ${n}: after the restart the change is ${final.phase}`);
      done.push({ n, killAt, cluster, wanted, changeId, operationId: String(operationId), atKill: stepsAtKill });
    }
    await server.stop();
    server = undefined;

    const results = await target.read(async (q) => {
      const out: boolean[] = [];
      for (const c of done) out.push(await check(q, c));
      return out;
    });
    const ok = results.filter(Boolean).length;
    const passed = ok === cycles;
    console.log(
      `crash test ${target.name}: ${passed ? 'passed' : 'failed'} (${ok}/${cycles} cycles applied exactly once)`,
    );
    return passed;
  } finally {
    await server?.stop();
    await target.cleanup();
  }
}

/** Checks one cycle's change against the database; prints one line. */
async function check(q: Query, c: Cycle): Promise<boolean> {
  const [change] = await q<{ phase: string }>('SELECT phase FROM config_changes WHERE id = $1', [Number(c.changeId)]);
  const [op] = await q<{ status: string }>('SELECT status FROM operations WHERE id = $1', [Number(c.operationId)]);
  const steps = await q<{ name: string; status: string; runs: number }>(
    'SELECT name, status, runs FROM operation_steps WHERE operation_id = $1 ORDER BY seq',
    [Number(c.operationId)],
  );
  const custom = Object.fromEntries(
    (
      await q<{ config_type: string; name: string; value: string }>(
        'SELECT config_type, name, value FROM config_custom_params WHERE target_id = $1',
        [c.cluster],
      )
    ).map((r) => [`${r.config_type}:${r.name}`, r.value]),
  );
  const audit = await q<{ type: string; operation: string; n: number }>(
    `SELECT type, operation, count(*)::int AS n FROM audit_logs
      WHERE (type = 'cloud_config_change' AND instance_id = $1) OR (type = 'operation' AND instance_id = $2)
      GROUP BY 1, 2`,
    [c.changeId, c.operationId],
  );
  const rows = (type: string, operation: string) =>
    Number(audit.find((a) => a.type === type && a.operation === operation)?.n ?? 0);
  const valuesOk = JSON.stringify(Object.entries(custom).sort()) === JSON.stringify(Object.entries(c.wanted).sort());
  const once =
    change?.phase === 'applied' &&
    op?.status === 'succeeded' &&
    steps.length > 0 &&
    steps.every((s) => s.status === 'succeeded' && Number(s.runs) === 1) &&
    valuesOk &&
    rows('cloud_config_change', 'apply') === 1 &&
    rows('cloud_config_change', 'applied') === 1 &&
    rows('operation', 'succeed') === 1;
  const runs = steps.map((s) => `${s.name}=${s.runs}`).join(', ');
  const audited = ['apply', 'applied'].map((o) => `${o}=${rows('cloud_config_change', o)}`).join(' ');
  console.log(
    `  cycle ${c.n} (SIGKILL ${when(c.killAt)}): change ${change?.phase}, operation ${op?.status}; ` +
      `step runs ${runs}; parameters ${valuesOk ? 'as wanted' : `WRONG ${JSON.stringify(custom)}`}; ` +
      `audit ${audited} succeed=${rows('operation', 'succeed')} → ${once ? 'exactly once' : 'NOT exactly once'}`,
  );
  return once;
}

async function main(): Promise<boolean> {
  const targets: (() => Promise<Target>)[] = [];
  if (which !== 'postgres') targets.push(pgliteTarget);
  if (which !== 'pglite') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL to run on PostgreSQL');
    targets.push(postgresTarget);
  }
  let ok = true;
  for (const make of targets) {
    const target = await make();
    const started = Date.now();
    const passed = await run(target).catch((err: unknown) => {
      console.error(`crash test ${target.name}: ${(err as Error).stack ?? String(err)}`);
      console.log(`crash test ${target.name}: failed (error)`);
      return false;
    });
    log(`${target.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    ok &&= passed;
  }
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(`crash test failed: ${(err as Error).stack ?? String(err)}`);
    process.exit(1);
  },
);
