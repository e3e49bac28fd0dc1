/**
 * Start-up figures of the built server on the embedded database (issue 10), each measured `runs` times:
 *  - cold start: a fresh data dir (template copy, migrations, demo seed) from spawn to the first 200 of /healthz;
 *  - restart: the same data dir again, spawn to the first 200 of /healthz;
 *  - RSS (/proc/<pid>/status VmRSS) of both right after that 200, and again after the sign-in page, a sign-in and a
 *    list call (so a server that defers work past its first answer is not measured too early); the peak (VmHWM) too.
 * Usable alone: `npx tsx --conditions=source apps/server/bench/startup.ts [runs]` (after `npm run build -w
 * @portal/server`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, ROOT } from './server.js';

export const STARTUP_BUDGETS = { coldMs: 4000, restartMs: 1000, rssMb: 300 } as const;

export interface Spread {
  median: number;
  min: number;
  max: number;
  all: number[];
}

export interface StartupFigures {
  runs: number;
  coldMs: Spread;
  restartMs: Spread;
  /** RSS right after the first 200 of /healthz. */
  rssAtReadyMb: { cold: Spread; restart: Spread };
  /** RSS after the sign-in page, a sign-in and a list call. */
  rssAfterRequestsMb: { cold: Spread; restart: Spread };
  /** VmHWM: the most the process ever held, seeding included. */
  peakRssMb: { cold: Spread; restart: Spread };
  budgets: typeof STARTUP_BUDGETS;
  /** One line per figure with its budget and whether the worst run met it. */
  verdicts: string[];
}

const ACCOUNT = { email: 'operator@example.com', password: 'portal-demo' };

function spread(values: number[]): Spread {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { median, min: s[0]!, max: s[s.length - 1]!, all: values };
}

function memory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** A fetch that keeps cookies (all of them, whatever their path: enough for the built-in issuer) and no redirects. */
function cookieFetch(base: string) {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
}

/** Signs in at the built-in issuer over plain HTTP (authorize, sign-in page, form post); returns the id token. */
export async function signInOverHttp(base: string, account = ACCOUNT): Promise<string> {
  const get = cookieFetch(base);
  const authorize = new URLSearchParams({
    client_id: 'management-portal',
    response_type: 'id_token token',
    scope: 'openid email',
    redirect_uri: `${base}/auth_redirect`,
    state: 'bench',
    nonce: 'bench',
  });
  const start = await get(`/oidc/auth?${authorize}`);
  await start.arrayBuffer();
  if (start.status !== 303) throw new Error(`authorize: ${start.status}, expected 303`);
  const pageRes = await get(start.headers.get('location')!);
  const page = await pageRes.text();
  if (pageRes.status !== 200) throw new Error(`sign-in page: ${pageRes.status}`);
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error('no sign-in form on the sign-in page');
  let res = await get(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(account).toString(),
  });
  for (let i = 0; i < 5 && res.status >= 300 && res.status < 400; i++) {
    const location = res.headers.get('location')!;
    await res.arrayBuffer();
    if (location.startsWith(`${base}/auth_redirect`)) {
      const idToken = new URLSearchParams(new URL(location).hash.slice(1)).get('id_token');
      if (!idToken) throw new Error('no id_token after sign-in');
      return idToken;
    }
    res = await get(location);
  }
  throw new Error(`sign-in did not end at /auth_redirect (last status ${res.status})`);
}

/** What a person's first minute asks of the server: the SPA, its auth config, the sign-in, then a list. */
async function firstRequests(base: string): Promise<void> {
  for (const p of ['/', '/api/v1/public/auth-config']) {
    const res = await fetch(`${base}${p}`);
    await res.arrayBuffer();
    if (p !== '/' && res.status !== 200) throw new Error(`${p}: ${res.status}`);
  }
  const idToken = await signInOverHttp(base);
  const list = await fetch(`${base}/api/v1/devops/cluster/clusters?page=1&per_page=10`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  await list.arrayBuffer();
  if (list.status !== 200) throw new Error(`cluster list: ${list.status}`);
}

export interface Run {
  ms: number;
  rssAtReady: number;
  rssAfterRequests: number;
  peak: number;
}

export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/** Spawns the built server on `dataDir`, times spawn → first 200 of /healthz, then measures its memory and stops it. */
export async function startOnce(dataDir: string, serverMain = SERVER_MAIN): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SEED: 'demo',
      BENCH_ROUTES: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before /healthz answered`);
      try {
        const res = await fetch(`${base}/healthz`);
        await res.arrayBuffer();
        if (res.status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000) throw new Error('no 200 from /healthz within 60 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - started;
    const atReady = memory(child.pid!);
    await firstRequests(base);
    await new Promise((r) => setTimeout(r, 1000));
    const after = memory(child.pid!);
    return { ms, rssAtReady: atReady.rss, rssAfterRequests: after.rss, peak: after.hwm };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

const r0 = (n: number) => Math.round(n);
const sec = (ms: number) => (ms / 1000).toFixed(2);
const fmtS = (s: Spread) => `${sec(s.median)} s [${sec(s.min)}–${sec(s.max)}]`;
const fmtMb = (s: Spread) => `${r0(s.median)} MB [${r0(s.min)}–${r0(s.max)}]`;

/**
 * Measures cold start, restart and RSS `runs` times (after one unrecorded warm-up start, so the OS file cache holds
 * node_modules as it does on a server that has started before) and prints them with their budgets.
 */
export async function measureStartup(runs = 5): Promise<StartupFigures> {
  const cold: Run[] = [];
  const restart: Run[] = [];
  for (let i = -1; i < runs; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-'));
    try {
      const c = await startOnce(dir);
      const w = await startOnce(dir);
      if (i >= 0) {
        cold.push(c);
        restart.push(w);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const both = (f: (r: Run) => number) => ({ cold: spread(cold.map(f)), restart: spread(restart.map(f)) });
  const figures: Omit<StartupFigures, 'verdicts'> = {
    runs,
    coldMs: spread(cold.map((r) => r.ms)),
    restartMs: spread(restart.map((r) => r.ms)),
    rssAtReadyMb: both((r) => r.rssAtReady),
    rssAfterRequestsMb: both((r) => r.rssAfterRequests),
    peakRssMb: both((r) => r.peak),
    budgets: STARTUP_BUDGETS,
  };
  const ok = (worst: number, budget: number) => (worst <= budget ? 'met' : 'NOT MET');
  const worstRss = Math.max(
    figures.rssAtReadyMb.cold.max,
    figures.rssAtReadyMb.restart.max,
    figures.rssAfterRequestsMb.cold.max,
    figures.rssAfterRequestsMb.restart.max,
  );
  const verdicts = [
    `cold start ${fmtS(figures.coldMs)} (budget ≤ ${sec(STARTUP_BUDGETS.coldMs)} s: ${ok(figures.coldMs.max, STARTUP_BUDGETS.coldMs)})`,
    `restart ${fmtS(figures.restartMs)} (budget ≤ ${sec(STARTUP_BUDGETS.restartMs)} s: ${ok(figures.restartMs.max, STARTUP_BUDGETS.restartMs)})`,
    `RSS after start ${fmtMb(figures.rssAtReadyMb.cold)} cold, ${fmtMb(figures.rssAtReadyMb.restart)} restarted; ` +
      `after sign-in + a list ${fmtMb(figures.rssAfterRequestsMb.cold)} / ${fmtMb(figures.rssAfterRequestsMb.restart)} ` +
      `(budget ≤ ${STARTUP_BUDGETS.rssMb} MB: ${ok(worstRss, STARTUP_BUDGETS.rssMb)})`,
  ];
  console.log(`\nstart-up of the built server on PGlite, ${runs} runs (median [min–max]):`);
  for (const v of verdicts) console.log(`  ${v}`);
  console.log(
    `  peak RSS (VmHWM) ${fmtMb(figures.peakRssMb.cold)} cold, ${fmtMb(figures.peakRssMb.restart)} restarted`,
  );
  return { ...figures, verdicts };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  measureStartup(Number(process.argv[2] ?? 5)).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
