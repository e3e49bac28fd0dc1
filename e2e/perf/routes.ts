/**
 * The console's routes and their budgets, read from the web's feature manifests (apps/web/src/app/features.ts, the
 * list the router, sidebar and breadcrumb derive from) — never a hand-kept list, so every page of every later area
 * is measured and held to its budget as soon as its manifest registers it. A real URL for each route with
 * parameters is found by crawling the running app (`findSamples`). Shared by the per-route budget test
 * (e2e/tests/budget.spec.ts) and the bench (apps/server/bench/pages.ts).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fillPath, ROLE_PRIVILEGES } from '@portal/contract';
import { matchPath, matchRoutes } from 'react-router';
import type { Browser, Page } from 'playwright-core';
import {
  failureShown,
  NetworkTracker,
  PERF_INIT_SCRIPT,
  settle,
  signIn,
  type Account,
  type StorageState,
} from './load.js';

const FEATURES_MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/app/features.ts',
);

/** Issue 10: initial JS, gzip, of a page opened directly. */
export const OVERVIEW_JS_BUDGET_KB = 200;
export const ROUTE_JS_BUDGET_KB = 250;
/** Issue 10: total blocking time of a page load, unthrottled desktop (the bench reports it; bytes are the test). */
export const TBT_BUDGET_MS = 100;

export function jsBudgetKb(routePath: string): number {
  return routePath === '/overview' ? OVERVIEW_JS_BUDGET_KB : ROUTE_JS_BUDGET_KB;
}

/** The seed's demo accounts (README), least privileged first. */
export const DEMO_ACCOUNTS: readonly Account[] = [
  { email: 'operator@example.com', password: 'portal-demo', role: 'operator' },
  { email: 'admin@example.com', password: 'portal-demo', role: 'admin' },
];

export interface ConsoleRoute {
  /** The react-router pattern, e.g. `/orgs/:orgId/clusters/:clusterId`. */
  path: string;
  /** The manifest's key. */
  feature: string;
  /** The privilege it needs (the route's own, else its feature's, else `portal.read`: apps/web/src/app/router.tsx). */
  requires: string;
  /** The least privileged demo account that may open it: the one that measures it. */
  account: Account;
}

/** What this module reads of a manifest (apps/web/src/shared/lib/feature.ts: FeatureManifest). */
interface ManifestLike {
  key: string;
  requires?: string;
  routes: readonly { path: string; requires?: string }[];
}

const holds = (account: Account, privilege: string): boolean =>
  ((ROLE_PRIVILEGES[account.role] ?? []) as readonly string[]).includes(privilege);

function accountFor(requires: string): Account | undefined {
  return DEMO_ACCOUNTS.find((a) => holds(a, requires));
}

/** The least privileged demo account that may open every route: the crawler's (it must see every link). */
export function crawlAccount(routes: readonly ConsoleRoute[]): Account {
  const account = DEMO_ACCOUNTS.find((a) => routes.every((r) => holds(a, r.requires)));
  if (!account) throw new Error('no demo account may open every route');
  return account;
}

/**
 * Every route of every feature, in manifest order. Imports the web's manifests in Node (their pages are lazy
 * imports, so only the manifests, React and the icons load): Playwright's loader and tsx both run them.
 */
export async function consoleRoutes(): Promise<ConsoleRoute[]> {
  // Not a static import: the web's sources are typed under its own tsconfig (bundler resolution, JSX).
  const { features } = (await import(pathToFileURL(FEATURES_MODULE).href)) as { features: readonly ManifestLike[] };
  const routes: ConsoleRoute[] = [];
  for (const feature of features) {
    for (const route of feature.routes) {
      if (routes.some((r) => r.path === route.path)) continue;
      const requires = route.requires ?? feature.requires ?? 'portal.read';
      const account = accountFor(requires);
      if (!account) throw new Error(`no demo account holds ${requires}, which ${route.path} needs`);
      routes.push({ path: route.path, feature: feature.key, requires, account });
    }
  }
  if (!routes.length) throw new Error(`no routes in ${FEATURES_MODULE}`);
  return routes;
}

/** Each account the routes and the crawl need, signed in once through the real pages; keyed by email. */
export async function signInAccounts(
  browser: Browser,
  baseUrl: string,
  routes: readonly ConsoleRoute[],
): Promise<Map<string, StorageState>> {
  const states = new Map<string, StorageState>();
  for (const account of [...routes.map((r) => r.account), crawlAccount(routes)]) {
    if (!states.has(account.email)) states.set(account.email, await signIn(browser, baseUrl, account));
  }
  return states;
}

export interface Sample {
  route: ConsoleRoute;
  /** The path opened to measure the route. */
  url: string;
  /**
   * `manifest`: the route has no parameters; `link`: a link on the page `from` points here; `derived`: no page links
   * to the route, its parameters are filled from the sample `from` of another route with the same parameter names
   * (e.g. `/clusters/:clusterId/ctl` from `/orgs/:orgId/clusters/:clusterId`).
   */
  via: 'manifest' | 'link' | 'derived';
  from?: string;
}

export interface Crawl {
  /** A sample of every route the crawl found one for, in manifest order. */
  samples: Sample[];
  /** Routes no page links to (and no alias of a linked one): each is a failure, named in `error`. */
  unlinked: ConsoleRoute[];
  error?: string;
}

export interface CrawlOptions {
  /** Pages of one route visited at most, to find links deeper down. */
  visitsPerRoute?: number;
  /** Pages visited at most, in all. */
  maxVisits?: number;
  /** How long one page (or tab) may take to settle. */
  settleMs?: number;
  log?: (line: string) => void;
  /** Each page visited. */
  trace?: (line: string) => void;
}

const paramsOf = (pattern: string): string[] => [...pattern.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
const staticsOf = (pattern: string): string[] => pattern.split('/').filter((s) => s && !s.startsWith(':'));

/** Whether `a` is `b` with elements left out (same order). */
function within(a: readonly string[], b: readonly string[]): boolean {
  let i = 0;
  for (const x of b) if (x === a[i]) i++;
  return i === a.length;
}

/**
 * Whether `route` is a shorter alias of `other`: each of its parameters and, in order, its fixed segments appear in
 * `other` (`/clusters/:clusterId/ctl` of `/orgs/:orgId/clusters/:clusterId/ctl`; `/orgs/:orgId/byoc-clusters/:id` is
 * not one of `/orgs/:orgId/clusters/:id`), so `other`'s sample names a real object for it.
 */
function aliasOf(route: string, other: string): boolean {
  return (
    route !== other &&
    paramsOf(route).every((n) => paramsOf(other).includes(n)) &&
    within(staticsOf(route), staticsOf(other))
  );
}

/**
 * A real URL for every route, found by crawling the running app signed in as `state` (an account that may open
 * every route; fixed demo data, so the same URLs each run). From the routes without parameters (the menu's pages) in
 * manifest order, it opens pages, collects their same-origin links, again after opening each tab (`[role=tab]`:
 * detail pages show their lists in tabs), and matches them against the route patterns as the router ranks them
 * (react-router's `matchRoutes`). It visits the first page found of each route before a second one of any, then
 * more pages of the routes a still-wanted route lies under (up to 4 × `visitsPerRoute`), then up to `visitsPerRoute`
 * of each, and stops once every route has a linked sample, or the routes left are aliases no
 * page links to (`/clusters/:clusterId/ctl`): such a route takes its parameters from the sample of the route it
 * abbreviates (see `aliasOf`). A route that is neither linked nor an alias is returned in `unlinked`, with an
 * `error` naming it (and any page that showed an error instead of its links); the callers fail on it.
 */
export async function findSamples(
  browser: Browser,
  baseUrl: string,
  routes: readonly ConsoleRoute[],
  state: StorageState,
  { visitsPerRoute = 4, maxVisits = 80, settleMs = 15_000, log = () => {}, trace = () => {} }: CrawlOptions = {},
): Promise<Crawl> {
  const started = Date.now();
  const origin = new URL(baseUrl).origin;
  const table = routes.map((r) => ({ path: r.path }));
  const routeOf = (pathname: string): ConsoleRoute | undefined => {
    const match = matchRoutes(table, pathname)?.at(-1)?.route.path;
    return match === undefined ? undefined : routes.find((r) => r.path === match);
  };
  const samples = new Map<string, Sample>();
  const queue: { url: string; route: ConsoleRoute }[] = [];
  const queued = new Set<string>();
  const visits = new Map<string, number>();
  const visitsOf = (route: ConsoleRoute) => visits.get(route.path) ?? 0;
  for (const route of routes) {
    if (paramsOf(route.path).length) continue;
    samples.set(route.path, { route, url: route.path, via: 'manifest' });
    queue.push({ url: route.path, route });
    queued.add(route.path);
  }
  const aliasSample = (route: ConsoleRoute) =>
    [...samples.values()].find((s) => s.via !== 'derived' && aliasOf(route.path, s.route.path));
  /** Routes still to find a link to: neither sampled nor an alias of a sampled one. */
  const wanted = () => routes.filter((r) => !samples.has(r.path) && !aliasSample(r));
  /** Whether a route still wanted lies under `route` (its pages are where links to it are likely). */
  const leadsToWanted = (route: ConsoleRoute) => wanted().some((w) => w.path.startsWith(`${route.path}/`));

  const context = await browser.newContext({ storageState: state, viewport: { width: 1920, height: 1080 } });
  let visited = 0;
  /** Pages that showed an error: the likely reason a link was not found. */
  const broken: string[] = [];
  try {
    await context.addInitScript({ content: PERF_INIT_SCRIPT });
    const page = await context.newPage();
    const network = new NetworkTracker(page, { keepScripts: false });
    const collect = async (from: string) => {
      const hrefs = (await page.evaluate(
        `Array.from(document.querySelectorAll('a[href]'), (a) => a.href)`,
      )) as string[];
      for (const href of hrefs) {
        let target: URL;
        try {
          target = new URL(href);
        } catch {
          continue;
        }
        if (target.origin !== origin) continue;
        const url = target.pathname.replace(/(.)\/+$/, '$1');
        const route = routeOf(url);
        if (!route) continue;
        if (!samples.has(route.path)) samples.set(route.path, { route, url, via: 'link', from });
        if (!queued.has(url)) {
          queued.add(url);
          queue.push({ url, route });
        }
      }
    };
    while (wanted().length && visited < maxVisits) {
      // The first page of a route not visited yet; else one of a route some wanted route lies under (a cluster's
      // page for its changefeeds: only some clusters have one), up to 4 × visitsPerRoute; else the first of a route
      // visited fewer than visitsPerRoute times.
      let next = queue.findIndex((q) => visitsOf(q.route) === 0);
      if (next < 0) next = queue.findIndex((q) => leadsToWanted(q.route) && visitsOf(q.route) < 4 * visitsPerRoute);
      if (next < 0) next = queue.findIndex((q) => visitsOf(q.route) < visitsPerRoute);
      if (next < 0) break;
      const [{ url, route }] = queue.splice(next, 1) as [{ url: string; route: ConsoleRoute }];
      visits.set(route.path, visitsOf(route) + 1);
      visited += 1;
      const t0 = Date.now();
      let settled = { settled: false };
      if (visited > 1) {
        await navigate(page, url);
        settled = await settle(page, network, { quietMs: CRAWL_QUIET_MS, timeoutMs: settleMs / 3 });
      }
      if (!settled.settled) {
        await page.goto(baseUrl + url, { waitUntil: 'load' });
        settled = await settle(page, network, { quietMs: CRAWL_QUIET_MS, timeoutMs: settleMs });
      }
      if (!settled.settled)
        log(`crawl: ${url} did not settle within ${settleMs / 1000} s; collecting its links anyway`);
      const failure = await failureShown(page);
      if (failure !== null) broken.push(`${url} (${failure})`);
      await collect(url);
      await openTabs(page, network, settleMs, wanted, () => collect(url));
      trace(`crawl: ${url} (${Date.now() - t0} ms); ${wanted().length} route(s) left to find`);
    }
  } finally {
    await context.close();
  }

  const unlinked = wanted();
  for (const route of routes) {
    if (samples.has(route.path) || unlinked.includes(route)) continue;
    const from = aliasSample(route)!;
    const params = matchPath({ path: from.route.path, end: true }, from.url)?.params ?? {};
    samples.set(route.path, {
      route,
      url: fillPath(route.path, params as Record<string, string>),
      via: 'derived',
      from: from.url,
    });
  }
  const took = ((Date.now() - started) / 1000).toFixed(1);
  if (!unlinked.length) {
    log(`crawl: a sample for each of ${routes.length} routes after visiting ${visited} pages in ${took} s`);
    return { samples: routes.map((r) => samples.get(r.path)!), unlinked };
  }
  const error =
    `no page links to ${unlinked.map((r) => r.path).join(', ')}: the crawler visited ${visited} pages in ${took} s ` +
    `(the menu's, then up to ${visitsPerRoute} of each route linked from them, each of their tabs opened) and ` +
    `found no link to it, and it is no shorter alias of a linked route. Link to it from a page of the console.` +
    (broken.length ? ` Pages that showed an error instead of their content: ${broken.join('; ')}.` : '');
  log(`crawl: ${error}`);
  return { samples: routes.flatMap((r) => samples.get(r.path) ?? []), unlinked, error };
}

/** Quiet time before collecting a crawled page's links (the measured loads wait the usual 500 ms). */
const CRAWL_QUIET_MS = 250;

/**
 * Opens `url` in the crawler's page as the app's own links do (a history entry and a popstate event the router
 * follows): the shell and its code stay, as when a person clicks through, which is faster than loading the page.
 * The first page, and any the router did not show this way, is loaded instead.
 */
async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate(
    `(() => { window.__portalPerf.ready = false; history.pushState(null, '', ${JSON.stringify(url)}); ` +
      `dispatchEvent(new PopStateEvent('popstate', { state: null })); })()`,
  );
}

/** Opens each tab of the page in turn (while some route is still to find) and collects its links. */
async function openTabs(
  page: Page,
  network: NetworkTracker,
  settleMs: number,
  wanted: () => unknown[],
  collect: () => Promise<void>,
): Promise<void> {
  const tabs = page.locator('[role="tab"]');
  // A tab's content may hold tabs of its own: the list is counted again after each click.
  for (let i = 0; i < (await tabs.count()) && wanted().length; i++) {
    const tab = tabs.nth(i);
    try {
      const [selected, disabled] = await Promise.all([
        tab.getAttribute('aria-selected', { timeout: 1_000 }),
        tab.getAttribute('aria-disabled', { timeout: 1_000 }),
      ]);
      if (selected === 'true' || disabled === 'true' || !(await tab.isVisible())) continue;
      await tab.click({ timeout: 5_000 });
    } catch {
      continue; // gone while the page re-rendered
    }
    await settle(page, network, { timeoutMs: settleMs });
    await collect();
  }
}
