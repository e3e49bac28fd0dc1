/**
 * Crash test of a configuration change's apply (run by hand, PostgreSQL only):
 *
 *   TEST_DATABASE_URL=postgres://portal_test:portal_test@127.0.0.1:5432/portal_test \
 *     npx tsx --conditions=source apps/server/bench/crash-test.ts
 *
 * It creates a throwaway database, starts the real server on it (demo seed), creates, approves and applies a change
 * that rolling-restarts PD, TiKV and TiDB (1.5 s per step), kills the server with SIGKILL between two steps,
 * starts it again and checks the change ends applied with every step's effect run exactly once and the cluster's
 * stored configuration changed once. Prints "applied exactly once: yes" or "no" (exit code 0 or 1).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { importJWK, SignJWT, type JWK } from 'jose';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 23)}] ${line}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(every);
  }
}

function startServer(env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', SEED: 'demo', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
}

async function main(): Promise<boolean> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('set TEST_DATABASE_URL (a PostgreSQL role that may CREATE DATABASE); this test runs on PostgreSQL only');
  const dbName = `portal_crash_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL: databaseUrl, PORT: String(port), PUBLIC_URL: publicUrl };
  const db = new pg.Client({ connectionString: databaseUrl });
  let server = startServer(env);
  try {
    log(`server 1 starting on ${publicUrl}, database ${dbName}`);
    await until('server 1 ready', async () => ((await fetch(`${publicUrl}/readyz`)).ok ? true : undefined), 180_000, 250);
    await db.connect();
    const key = (await db.query('SELECT kid, private_jwk FROM idp_keys LIMIT 1')).rows[0] as { kid: string; private_jwk: JWK };
    const signingKey = await importJWK(key.private_jwk, key.private_jwk.alg ?? 'RS256');
    const token = (email: string) =>
      new SignJWT({ email, nonce: 'crash-test' })
        .setProtectedHeader({ alg: key.private_jwk.alg ?? 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(`${publicUrl}/oidc`)
        .setAudience('management-portal')
        .setSubject(email)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(signingKey);
    const call = async (method: string, p: string, email = 'operator@example.com', body?: unknown) => {
      const res = await fetch(`${publicUrl}${p}`, {
        method,
        headers: { authorization: `Bearer ${await token(email)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json)}`);
      return json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    const cluster = (
      await db.query(`
        SELECT c.id FROM clusters c WHERE c.cluster_type = 'DEDICATED_TIDB' AND c.status = 'USER_CLUSTER_STATUS_AVAILABLE'
          AND c.version LIKE 'v8.1.%'
          AND NOT EXISTS (SELECT 1 FROM config_changes x WHERE x.target_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM config_custom_params p WHERE p.target_id = c.id)
          AND (SELECT count(*) FROM cluster_components k WHERE k.cluster_id = c.id AND k.component IN ('PD', 'TIKV', 'TIDB')) = 3
        ORDER BY c.id LIMIT 1`)
    ).rows[0].id as string;
    const cfg = await call('GET', `/api/v1/devops/cloudconfig/clusters/${cluster}/config`);
    const wanted = { 'pd:schedule.leader-schedule-limit': '12', 'tikv:server.grpc-concurrency': '8', 'tidb:token-limit': '2048' };
    const files = (['pd', 'tikv', 'tidb'] as const).map((t) => ({
      config_type: t,
      filename: `${t}.toml`,
      custom_parameters: Object.entries(wanted)
        .filter(([k]) => k.startsWith(`${t}:`))
        .map(([k, value]) => ({ actionType: 'set', configType: t, name: k.slice(t.length + 1), value, type: 'string' })),
    }));
    const { change_id: changeId } = await call('POST', `/api/v1/devops/cloudconfig/clusters/${cluster}/changes`, 'operator@example.com', {
      change_type: 'config',
      cluster_type: 'DEDICATED_TIDB',
      cluster_id: cluster,
      files,
      base_fingerprint: cfg.configuration.fingerprint,
      apply_policy: 'RollingRestart',
      reason: 'crash test',
    });
    const detail = async () => (await call('GET', `/api/v1/devops/cloudconfig/changes/${changeId}`)).change;
    log(`change ${changeId} on cluster ${cluster}: ${(await detail()).phase}`);
    await call('POST', `/api/v1/devops/approval/approvals/${(await detail()).approval_id}/approve`, 'admin@example.com', {});
    await until('wait_for_apply', async () => ((await detail()).phase === 'wait_for_apply' ? true : undefined));
    const { instance_id: operationId } = await call('POST', `/api/v1/devops/cloudconfig/changes/${changeId}/apply`, 'operator@example.com', {});
    log(`change ${changeId} applying, operation ${operationId}`);

    const stepRows = async () =>
      (await db.query('SELECT seq, name, status, runs FROM operation_steps WHERE operation_id = $1 ORDER BY seq', [operationId])).rows as {
        seq: number;
        name: string;
        status: string;
        runs: number;
      }[];
    // Kill once the first restart is done and the second is under way: between two steps.
    const atKill = await until('the first restart step to finish', async () => {
      const s = await stepRows();
      return s[1]?.status === 'succeeded' && s[2]?.status === 'running' ? s : undefined;
    }, 30_000, 50);
    server.child.kill('SIGKILL');
    await server.exited;
    const phaseAtKill = (await db.query('SELECT phase FROM config_changes WHERE id = $1', [changeId])).rows[0].phase;
    log(`SIGKILL: change ${phaseAtKill}; steps ${atKill.map((s) => `${s.name}=${s.status}/${s.runs}`).join(', ')}`);

    server = startServer(env);
    log('server 2 starting on the same database');
    await until('server 2 ready', async () => ((await fetch(`${publicUrl}/readyz`)).ok ? true : undefined), 180_000, 250);
    const final = await until('the change to be applied', async () => {
      const c = await detail();
      return c.phase === 'applied' || c.phase === 'wait_for_apply' ? c : undefined;
    });
    const steps = await stepRows();
    const op = (await db.query('SELECT status FROM operations WHERE id = $1', [operationId])).rows[0].status as string;
    const custom = Object.fromEntries(
      (await db.query('SELECT config_type, name, value FROM config_custom_params WHERE target_id = $1', [cluster])).rows.map((r) => [`${r.config_type}:${r.name}`, r.value]),
    );
    const audit = (await db.query(`SELECT operation, count(*)::int AS n FROM audit_logs WHERE type = 'cloud_config_change' AND instance_id = $1 GROUP BY 1`, [changeId])).rows;
    const count = (op: string) => audit.find((a) => a.operation === op)?.n ?? 0;
    const valuesOk = JSON.stringify(Object.entries(custom).sort()) === JSON.stringify(Object.entries(wanted).sort());
    const once = final.phase === 'applied' && op === 'succeeded' && steps.every((s) => s.status === 'succeeded' && s.runs === 1) && valuesOk && count('applied') === 1 && count('apply') === 1;
    log(`after restart: change ${final.phase}, operation ${op}`);
    console.log(`step runs: ${steps.map((s) => `${s.name}=${s.runs}`).join(', ')}`);
    console.log(`cluster custom parameters: ${JSON.stringify(custom)} (expected ${valuesOk ? 'yes' : 'NO'})`);
    console.log(`audit rows: ${audit.map((a) => `${a.operation}=${a.n}`).join(', ')}`);
    console.log(`applied exactly once: ${once ? 'yes' : 'no'}`);
    return once;
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(`crash test failed: ${(err as Error).stack ?? String(err)}`);
    process.exit(1);
  },
);
