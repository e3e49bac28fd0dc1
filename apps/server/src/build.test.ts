import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from './platform/server-dir.js';

/*
 * The built server is one bundle (build.mjs), in another directory than the sources it is made of: what the sources
 * find beside themselves must still be found from it — the migrations, the files a bundled package reads beside its
 * own (@fastify/swagger-ui's static/), the packages left out of the bundle (PGlite, oidc-provider, Fastify's
 * on-demand compilers). Built here into a directory of its own, at another depth than dist/, and started.
 */
const bundleDir = path.join(SERVER_DIR, 'node_modules/.cache', `bundle-test-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bundle-test-'));
let server: ChildProcess | undefined;
let base = '';
let stdout = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['build.mjs', bundleDir], { cwd: SERVER_DIR, encoding: 'utf8' });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(bundleDir, 'main.js')], {
    // Nothing of the test runner's environment (NODE_OPTIONS, a DATABASE_URL…): what `node dist/main.js` would see.
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the bundle exited with ${server.exitCode}: ${stderr}`);
    const res = await fetch(`${base}/healthz`).catch(() => undefined);
    if (res?.status === 200 && stdout.includes('is running at')) break;
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(bundleDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('starts on a fresh data dir: migrations and the demo seed ran', async () => {
    expect(stdout).toContain(`embedded PGlite in ${dataDir} — demo data seeded`);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('serves the files @fastify/swagger-ui reads from its own directory', async () => {
    const res = await fetch(`${base}/api/docs/static/swagger-ui.css`);
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBeGreaterThan(10_000);
  });

  it('publishes the same API document as the sources', async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(200);
    const snapshot = fs.readFileSync(path.join(SERVER_DIR, 'src/openapi.snapshot.json'), 'utf8');
    expect(JSON.stringify(await res.json(), null, 2) + '\n').toBe(snapshot);
  });

  it('loads the built-in issuer (oidc-provider, left out of the bundle) on its first request', async () => {
    const res = await fetch(`${base}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { issuer: string }).issuer).toBe(`${base}/oidc`);
  });
});
