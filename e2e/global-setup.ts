import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

async function waitReady(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} was not ready within ${ms} ms`);
}

export interface StartedServer {
  /** `http://localhost:<port>` */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server on a free port with a fresh demo-seeded embedded database. Like `npm start` it has no
 * PUBLIC_URL (sign-in works at whatever address it is reached at) unless `publicUrl` pins it to its localhost URL.
 */
export async function startServer(opts: { publicUrl?: boolean } = {}): Promise<StartedServer> {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
  };
  delete env.PUBLIC_URL;
  if (opts.publicUrl) env.PUBLIC_URL = url;
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

/** The suite's server, configured as `npm start` runs it; stopped after the run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
