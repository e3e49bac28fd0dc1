/**
 * The bench's page figures (issue 10): every route of the console, from the web's feature manifests, opened directly
 * by URL in a fresh browser context (empty cache), signed in as the least privileged demo account that may open it,
 * BENCH_PAGE_LOADS times (default 6) in interleaved rounds (every route once per round). Per route: JS on the wire
 * (gzip 9 of every distinct script), requests, total blocking time (long tasks beyond 50 ms, unthrottled desktop),
 * LCP, and the time until the main area showed content with no spinner or skeleton — median and min–max of each,
 * beside the budgets (JS ≤ 200 KB for /overview and ≤ 250 KB elsewhere, TBT ≤ 100 ms).
 * The routes, the crawler that finds a real URL for each and the measurement are shared with the budget test
 * (e2e/perf/). Part of `npm run bench` (bench/run.ts); alone: `npm run bench:pages` (or
 * `npx tsx --conditions=source apps/server/bench/pages.ts` against an existing build), which updates the `pages`
 * entry of .bench/results.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPage, textTable, type PageLoad } from '../../../e2e/perf/load.js';
import {
  consoleRoutes,
  crawlRoutes,
  jsBudgetKb,
  signInAccounts,
  TBT_BUDGET_MS,
  type Sample,
} from '../../../e2e/perf/routes.js';
import { launch } from './browser.js';
import { ROOT, startServer } from './server.js';

const LOADS = Math.max(1, Number(process.env.BENCH_PAGE_LOADS ?? 6));

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface RouteFigures {
  route: string;
  url: string;
  /** How the crawler found the URL: `manifest` (no parameters), `link`, `derived` (an alias no page links to). */
  via: Sample['via'];
  account: string;
  /** Loads that showed the page's content (those with a problem are left out of the figures). */
  loads: number;
  jsKb: Spread | null;
  scripts: Spread | null;
  requests: Spread | null;
  tbtMs: Spread | null;
  longestTaskMs: Spread | null;
  lcpMs: Spread | null;
  contentMs: Spread | null;
  budget: { jsKb: number; tbtMs: number };
  /** JS (the largest load) within its budget, and the median TBT within its. */
  withinJs: boolean;
  withinTbt: boolean;
  problems: string[];
}

export interface PagesResult {
  loadsPerRoute: number;
  routes: RouteFigures[];
  summary: string[];
  /** Set when the crawler found no URL for some route (it is left out of `routes`). */
  error?: string;
}

function spread(values: (number | null)[]): Spread | null {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = v.length >> 1;
  const median = v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
  return { median: Math.round(median * 10) / 10, min: v[0]!, max: v[v.length - 1]! };
}

/** "412 (398–431)", or "412" when every load gave the same. */
function show(s: Spread | null, digits = 0): string {
  if (!s) return '—';
  const f = (x: number) => x.toFixed(digits);
  return s.min === s.max ? f(s.median) : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}

export function figuresOf(sample: Sample, loads: PageLoad[]): RouteFigures {
  const ok = loads.filter((l) => !l.problem);
  const budget = { jsKb: jsBudgetKb(sample.route.path), tbtMs: TBT_BUDGET_MS };
  const jsKb = spread(ok.map((l) => Math.round((l.jsBytes / 1024) * 10) / 10));
  const tbtMs = spread(ok.map((l) => l.tbtMs));
  return {
    route: sample.route.path,
    url: sample.url,
    via: sample.via,
    account: sample.route.account.email,
    loads: ok.length,
    jsKb,
    scripts: spread(ok.map((l) => l.scripts.length)),
    requests: spread(ok.map((l) => l.requests)),
    tbtMs,
    longestTaskMs: spread(ok.map((l) => l.longestTaskMs)),
    lcpMs: spread(ok.map((l) => l.lcpMs)),
    contentMs: spread(ok.map((l) => l.contentMs)),
    budget,
    withinJs: jsKb !== null && jsKb.max <= budget.jsKb,
    withinTbt: tbtMs !== null && tbtMs.median <= budget.tbtMs,
    problems: [...new Set(loads.flatMap((l) => (l.problem ? [l.problem] : [])))],
  };
}

/** The per-route table as printed. */
export function pagesTable(routes: readonly RouteFigures[]): string {
  return textTable([
    ['route', 'JS KB', 'budget', 'requests', 'TBT ms', 'budget', 'longest task ms', 'content ms', 'LCP ms', 'verdict'],
    ...routes.map((r) => [
      r.route,
      show(r.jsKb, 1),
      `≤ ${r.budget.jsKb}`,
      show(r.requests),
      show(r.tbtMs),
      `≤ ${r.budget.tbtMs}`,
      show(r.longestTaskMs),
      show(r.contentMs),
      show(r.lcpMs),
      [
        r.withinJs ? '' : 'JS over',
        r.withinTbt ? '' : 'TBT over',
        r.problems.length ? `${r.problems.length} failed load(s): ${r.problems[0]}` : '',
      ]
        .filter(Boolean)
        .join(', ') || 'ok',
    ]),
  ]);
}

/** Starts the built server on a fresh demo database, finds a URL for every route, and measures each LOADS times. */
export async function benchPages(): Promise<PagesResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pages-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'demo' });
  const browser = await launch();
  try {
    const routes = await consoleRoutes();
    const states = await signInAccounts(browser, server.url, routes);
    // The crawl opens and measures each route once (round 1); the other rounds follow, interleaved.
    // One page at a time, as in the other rounds: its times are figures.
    const crawl = await crawlRoutes(browser, server.url, routes, states, {
      concurrency: 1,
      log: (line) => console.log(`  ${line}`),
    });
    const { error } = crawl;
    const samples = crawl.samples.map((s) => s.sample);
    console.log(
      `\npages: ${routes.length} routes from the feature manifests, each opened directly ${LOADS}× ` +
        `(fresh context, empty cache, signed in; the first while crawling, then interleaved rounds), median (min–max)`,
    );
    for (const s of samples) {
      const as = s.route.account.email.split('@')[0];
      console.log(`  ${s.route.path} → ${s.url} as ${as}${s.via === 'derived' ? ` (derived from ${s.from})` : ''}`);
    }
    const loads = crawl.samples.map((s) => [s.load]);
    for (let round = 1; round < LOADS; round++) {
      for (const [i, sample] of samples.entries()) {
        loads[i]!.push(await loadPage(browser, server.url, sample.url, states.get(sample.route.account.email)!));
      }
    }
    const figures = samples.map((s, i) => figuresOf(s, loads[i]!));
    console.log(`\n${pagesTable(figures)}`);
    const overJs = figures.filter((f) => !f.withinJs);
    const overTbt = figures.filter((f) => !f.withinTbt);
    const failed = figures.filter((f) => f.problems.length);
    const all = (pick: (f: RouteFigures) => Spread | null) => {
      const v = figures.map(pick).filter((s): s is Spread => s !== null);
      return v.length ? `${Math.min(...v.map((s) => s.min))}–${Math.max(...v.map((s) => s.max))}` : '—';
    };
    const summary = [
      ...(error ? [`pages: ${error}`] : []),
      `pages: JS within budget on ${figures.length - overJs.length} of ${figures.length} routes ` +
        `(${all((f) => f.jsKb)} KB; ≤ 200 /overview, ≤ 250 others)` +
        (overJs.length ? `; over: ${overJs.map((f) => f.route).join(', ')}` : ''),
      `pages: median TBT within ${TBT_BUDGET_MS} ms on ${figures.length - overTbt.length} of ${figures.length} ` +
        `routes (all loads ${all((f) => f.tbtMs)} ms)`,
      `pages: main content shown after ${all((f) => f.contentMs)} ms, LCP ${all((f) => f.lcpMs)} ms, ` +
        `${all((f) => f.requests)} requests per load` +
        (failed.length ? `; loads that failed: ${failed.map((f) => f.route).join(', ')}` : ''),
    ];
    return { loadsPerRoute: LOADS, routes: figures, summary, ...(error ? { error } : {}) };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone: the page figures only, written into the `pages` entry of .bench/results.json.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchPages()
    .then((pages) => {
      console.log(`\nsummary\n  ${pages.summary.join('\n  ')}`);
      const file = path.join(ROOT, '.bench', 'results.json');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      let results: Record<string, unknown> = {};
      try {
        results = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      } catch {
        /* none yet */
      }
      fs.writeFileSync(file, JSON.stringify({ ...results, pagesAt: new Date().toISOString(), pages }, null, 2));
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
