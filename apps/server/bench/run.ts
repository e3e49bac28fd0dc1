/**
 * `npm run bench`: the figures of issue 2, measured in one run.
 *  0. Start-up of the built server on PGlite: cold start, restart and RSS with their budgets (bench/startup.ts).
 *  1. Initial JS of the sign-in → /overview path, as real Chromium loads it (gzip-9 of every script body).
 *     Then every route of the console opened directly: JS, requests, TBT, time to content (bench/pages.ts).
 *  2. The authenticated tenant and cluster lists at 100k tenants / 1M clusters, first and deep page, on PGlite and on
 *     PostgreSQL, beside each list's no-DB twin (same auth, response schema and page size, no list query:
 *     /api/v1/devops/ping/orgs, …/ping/clusters) and the bare authenticated ping, of the same server, with autocannon.
 * Scale databases are generated once and kept in .bench/ (PGlite) or the database named by BENCH_DATABASE_URL
 * (default: portal_bench next to TEST_DATABASE_URL); the run reuses them when they already hold the data.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { launch, signIn } from './browser.js';
import { loadRounds, type LoadFigure } from './load.js';
import { benchPages } from './pages.js';
import { ROOT, startServer } from './server.js';
import { measureStartup } from './startup.js';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 100_000);
const CLUSTERS = Number(process.env.BENCH_CLUSTERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = 4;
/** Which databases to measure the lists on: `pglite,postgres` (both) by default. */
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());
const DEEP_PAGE = 1000;
const BENCH_DIR = path.join(ROOT, '.bench');
const ACCOUNT = { email: 'operator@example.com', password: 'portal-demo' };

function seed(env: Record<string, string>): void {
  execFileSync(
    'npx',
    ['tsx', '--conditions=source', 'src/seed/cli.ts', '--tenants', String(TENANTS), '--clusters', String(CLUSTERS)],
    {
      cwd: path.join(ROOT, 'apps/server'),
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    },
  );
}

async function pgBenchUrl(): Promise<string | undefined> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'portal_bench'`);
  if (!exists.rowCount) await admin.query('CREATE DATABASE portal_bench');
  await admin.end();
  const u = new URL(base);
  u.pathname = '/portal_bench';
  return u.toString();
}

async function pgHasScale(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(`SELECT (SELECT count(*) FROM tenants) AS t, (SELECT count(*) FROM clusters) AS c`);
    return Number(r.rows[0].t) >= TENANTS && Number(r.rows[0].c) >= CLUSTERS;
  } catch {
    return false;
  } finally {
    await c.end();
  }
}

async function measureLists(label: string, env: Record<string, string>): Promise<LoadFigure[]> {
  const server = await startServer({ ...env, SEED: 'demo' });
  const browser = await launch();
  try {
    const { idToken } = await signIn(browser, server.url, ACCOUNT.email, ACCOUNT.password);
    const routes: [string, string][] = [
      ['ping (auth only)', '/api/v1/devops/ping'],
      ['tenants twin (no list query)', '/api/v1/devops/ping/orgs'],
      ['tenants, page 1', '/api/v1/admin/orgs?page=1&per_page=10'],
      [`tenants, page ${DEEP_PAGE}`, `/api/v1/admin/orgs?page=${DEEP_PAGE}&per_page=10`],
      ['clusters twin (no list query)', '/api/v1/devops/ping/clusters'],
      ['clusters, page 1', '/api/v1/devops/cluster/clusters?page=1&per_page=10'],
      [`clusters, page ${DEEP_PAGE}`, `/api/v1/devops/cluster/clusters?page=${DEEP_PAGE}&per_page=10`],
    ];
    const figures = await loadRounds(
      server.url,
      idToken,
      routes.map(([name, p]) => ({ name: `${label}: ${name}`, path: p })),
      SECONDS,
      ROUNDS,
    );
    for (const f of figures) {
      console.log(
        `  ${f.name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  failures ${f.failures}`,
      );
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

function verdicts(figures: LoadFigure[], label: string): string[] {
  const by = (n: string) => figures.find((f) => f.name === `${label}: ${n}`)!;
  const ping = by('ping (auth only)');
  const out: string[] = [];
  for (const list of ['tenants', 'clusters']) {
    const twin = by(`${list} twin (no list query)`);
    const first = by(`${list}, page 1`);
    const deep = by(`${list}, page ${DEEP_PAGE}`);
    out.push(
      `${label} ${list}: ${(first.rps / twin.rps).toFixed(2)}× its no-DB twin (target ≥ 0.5; ${(first.rps / ping.rps).toFixed(2)}× the bare ping), ` +
        `p99 ${first.p99} ms (target ≤ 10), ` +
        `deep page p99 ${deep.p99} ms = ${(deep.p99 / Math.max(first.p99, 1)).toFixed(2)}× the first (target ≤ 2)`,
    );
  }
  return out;
}

async function main(): Promise<void> {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  console.log(
    `bench: ${TENANTS.toLocaleString('en-US')} tenants, ${CLUSTERS.toLocaleString('en-US')} clusters, ${SECONDS} s per route in ${ROUNDS} interleaved rounds, 4 connections`,
  );

  // 0. Start-up of the built server on PGlite: cold start, restart, RSS, each 5 times (bench/startup.ts).
  const startup = await measureStartup();

  // 1. Initial JS in real Chromium.
  const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const demo = await startServer({ DATA_DIR: demoDir, SEED: 'demo' });
  const browser = await launch();
  let jsKb: number;
  try {
    const { scripts } = await signIn(browser, demo.url, ACCOUNT.email, ACCOUNT.password);
    jsKb = scripts.reduce((a, s) => a + s.gzipBytes, 0) / 1024;
    console.log(
      `\ninitial JS, sign-in → /overview: ${jsKb.toFixed(1)} KB gzip in ${scripts.length} scripts (target ≤ 250 KB)`,
    );
    for (const s of scripts)
      console.log(`  ${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname}`);
  } finally {
    await browser.close();
    await demo.stop();
    fs.rmSync(demoDir, { recursive: true, force: true });
  }

  // Every route of the console opened directly: JS, requests, TBT, time to content (bench/pages.ts).
  const pages = await benchPages();

  // 2. Lists at scale.
  const figures: LoadFigure[] = [];
  const summary: string[] = [];
  if (DATABASES.includes('pglite')) {
    const pgliteDir = path.join(BENCH_DIR, `pglite-${TENANTS}-${CLUSTERS}`);
    if (!fs.existsSync(path.join(pgliteDir, '.seeded'))) {
      console.log(`\ngenerating the PGlite scale database in ${pgliteDir} (once)`);
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      seed({ DATA_DIR: pgliteDir });
      fs.writeFileSync(path.join(pgliteDir, '.seeded'), new Date().toISOString());
    }
    console.log('\nPGlite (embedded):');
    const pgliteFigures = await measureLists('PGlite', { DATA_DIR: pgliteDir });
    figures.push(...pgliteFigures);
    summary.push(...verdicts(pgliteFigures, 'PGlite'));
  }

  const pgUrl = DATABASES.includes('postgres') ? await pgBenchUrl() : undefined;
  if (pgUrl) {
    if (!(await pgHasScale(pgUrl))) {
      console.log('\ngenerating the PostgreSQL scale database (once)');
      seed({ DATABASE_URL: pgUrl });
    }
    console.log('\nPostgreSQL:');
    const pgFigures = await measureLists('PostgreSQL', { DATABASE_URL: pgUrl });
    figures.push(...pgFigures);
    summary.push(...verdicts(pgFigures, 'PostgreSQL'));
  } else if (DATABASES.includes('postgres')) {
    summary.push('PostgreSQL: not measured — set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  }

  summary.unshift(...startup.verdicts);
  summary.unshift(...pages.summary);
  console.log(`\nsummary\n  initial JS ${jsKb.toFixed(1)} KB gzip (target ≤ 250)\n  ${summary.join('\n  ')}`);
  fs.writeFileSync(
    path.join(BENCH_DIR, 'results.json'),
    JSON.stringify({ at: new Date().toISOString(), jsKb, pages, startup, figures, summary }, null, 2),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
