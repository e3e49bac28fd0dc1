/**
 * What the by-hand multi-process scripts (crash test, approval race) share: throwaway databases, real server
 * processes from source, tokens signed with the built-in issuer's own key, and an API caller.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { importJWK, SignJWT, type JWK } from 'jose';
import { openPglite } from '../src/platform/db.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 23)}] ${line}`);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it answers something other than undefined (errors count as "not yet"). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 60_000,
  every = 100,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(every);
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the real server (from source) and waits until /readyz answers. PORT in `env` pins the port (a restart on the
 * same address); PUBLIC_URL in `env` sets the issuer URL (processes sharing one database must share it).
 */
export async function startServer(env: Record<string, string>, name = 'server'): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    // Every process signs and verifies tokens with the same issuer URL, whichever port it listens on.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      // The bench-only routes (`/api/v1/devops/ping…`), as every bench server has them.
      BENCH_ROUTES: '1',
      PUBLIC_URL: url,
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await until(`${name} ready`, async () => ((await fetch(`${url}/readyz`)).ok ? true : undefined), 180_000, 250);
  return {
    url,
    child,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's, dropped by `drop()`. */
export async function throwawayPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('set TEST_DATABASE_URL (a PostgreSQL role that may CREATE DATABASE)');
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

export function tempDataDir(prefix: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * SQL against the database the servers use: node-postgres, or the embedded data dir (only while no server holds it).
 */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export async function withPglite<T>(dataDir: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const database = await openPglite(dataDir);
  try {
    return await fn(async (text, params) => (await database.pglite!.query(text, params)).rows as never);
  } finally {
    await database.close();
  }
}

export function postgresQuery(url: string): { query: Query; end(): Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    query: async (text, params) => {
      await connected;
      return (await client.query(text, params)).rows;
    },
    end: () => client.end(),
  };
}

/** Signs id tokens as the built-in issuer would, with the key it stored in `idp_keys`. */
export async function tokenSigner(query: Query, issuerBase: string): Promise<(email: string) => Promise<string>> {
  const [key] = await query<{ kid: string; private_jwk: JWK }>('SELECT kid, private_jwk FROM idp_keys LIMIT 1');
  if (!key) throw new Error('the built-in issuer has no signing key yet');
  const alg = key.private_jwk.alg ?? 'RS256';
  const signingKey = await importJWK(key.private_jwk, alg);
  const cache = new Map<string, string>();
  return async (email) => {
    const hit = cache.get(email);
    if (hit) return hit;
    const token = await new SignJWT({ email, nonce: 'bench' })
      .setProtectedHeader({ alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(`${issuerBase}/oidc`)
      .setAudience('management-portal')
      .setSubject(email)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(signingKey);
    cache.set(email, token);
    return token;
  };
}

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An API caller: `call` throws on a non-2xx answer, `raw` returns the status and body. */
export function apiClient(sign: (email: string) => Promise<string>) {
  const raw = async (
    base: string,
    method: string,
    p: string,
    email: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${await sign(email)}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const call = async (
    base: string,
    method: string,
    p: string,
    email = 'operator@example.com',
    body?: unknown,
  ): Promise<Json> => {
    const res = await raw(base, method, p, email, body);
    if (res.status >= 300) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return { raw, call };
}

/** Available v8.1 dedicated clusters with PD, TiKV and TiDB and no configuration history: targets for new changes. */
export async function freshClusters(query: Query, limit: number): Promise<string[]> {
  const rows = await query<{ id: string }>(
    `SELECT c.id FROM clusters c WHERE c.cluster_type = 'DEDICATED_TIDB' AND c.status = 'USER_CLUSTER_STATUS_AVAILABLE'
       AND NOT EXISTS (SELECT 1 FROM config_changes x WHERE x.target_id = c.id)
       AND NOT EXISTS (SELECT 1 FROM config_custom_params p WHERE p.target_id = c.id)
       AND (SELECT count(*) FROM cluster_components k WHERE k.cluster_id = c.id AND k.component IN ('PD', 'TIKV', 'TIDB')) = 3
     ORDER BY c.id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** A create-change body setting `wanted` ("type:name" → value) on a dedicated cluster. */
export function changeBody(cluster: string, fingerprint: string, wanted: Record<string, string>, reason: string): Json {
  const types = [...new Set(Object.keys(wanted).map((k) => k.split(':')[0]!))];
  return {
    change_type: 'config',
    cluster_type: 'DEDICATED_TIDB',
    cluster_id: cluster,
    files: types.map((t) => ({
      config_type: t,
      filename: `${t}.toml`,
      custom_parameters: Object.entries(wanted)
        .filter(([k]) => k.startsWith(`${t}:`))
        .map(([k, value]) => ({
          actionType: 'set',
          configType: t,
          name: k.slice(t.length + 1),
          value,
          type: 'string',
        })),
    })),
    base_fingerprint: fingerprint,
    apply_policy: 'RollingRestart',
    reason,
  };
}
