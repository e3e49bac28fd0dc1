/**
 * The console's routes and their budgets, read from the web's feature manifests (apps/web/src/app/features.ts, the
 * list the router, sidebar and breadcrumb derive from) — never a hand-kept list, so every page of every later area
 * is measured and held to its budget as soon as its manifest registers it. A real URL for each route with
 * parameters is found by crawling the running app (`crawlRoutes`), which measures each route's page as it goes.
 * Shared by the per-route budget test (e2e/tests/budget.spec.ts) and the bench (apps/server/bench/pages.ts).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fillPath, ROLE_PRIVILEGES } from '@portal/contract';
import { matchPath, matchRoutes } from 'react-router';
import type { Browser, Page } from 'playwright-core';
import {
  failureShown,
  loadPage,
  settle,
  signIn,
  type Account,
  type NetworkTracker,
  type PageLoad,
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
  /** The privilege it needs (the route's own, else its feature's: apps/web/src/app/router.tsx). */
  requires: string;
  /** The least privileged demo account that may open it: the one that measures it. */
  account: Account;
  /** Where its page forwards (the manifest's `redirectTo`): the load ends there. */
  redirectTo?: string;
}

/** What this module reads of a manifest (apps/web/src/shared/lib/feature.ts: FeatureManifest). */
interface ManifestLike {
  key: string;
  requires: string;
  routes: readonly { path: string; requires?: string; redirectTo?: string }[];
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
      const requires = route.requires ?? feature.requires;
      const account = accountFor(requires);
      if (!account) throw new Error(`no demo account holds ${requires}, which ${route.path} needs`);
      routes.push({
        path: route.path,
        feature: feature.key,
        requires,
        account,
        ...(route.redirectTo ? { redirectTo: route.redirectTo } : {}),
      });
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
  /** A sample of every route the crawl found one for, in manifest order, each with its measured load. */
  samples: { sample: Sample; load: PageLoad }[];
  /** Routes no page links to (and no alias of a linked one): each is a failure, named in `error`. */
  unlinked: ConsoleRoute[];
  /** Pages opened in all, measured or not. */
  visited: number;
  error?: string;
}

export interface CrawlOptions {
  /** Pages of one route opened at most, to find links deeper down. */
  visitsPerRoute?: number;
  /** Pages opened at most beyond each route's measured one. */
  maxExtraVisits?: number;
  /** Pages open at a time (each its own context). */
  concurrency?: number;
  /** How long one tab may take to settle. */
  settleMs?: number;
  log?: (line: string) => void;
  /** Each page opened. */
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
 * Opens every route of the console directly (`loadPage`: a fresh context, empty cache, signed in as the least
 * privileged account that may open it) and measures it, finding a real URL for each route with parameters on the way
 * (fixed demo data, so the same URLs each run). Each measured page is also where links are found: once measured, its
 * same-origin links are collected, again after opening each of its tabs (`[role=tab]`: detail pages show their lists
 * in tabs), and matched against the route patterns as the router ranks them (react-router's `matchRoutes`); the first
 * link found to a route is its sample. It starts from the routes without parameters (the menu's pages) in manifest
 * order and opens the sample of every route found. When a route is still wanted (no link found yet) and no measured
 * page is left to open, it opens more pages — as `crawlAccount`, which sees every link — of the routes a wanted route
 * lies under (up to 4 × `visitsPerRoute`: a cluster's page for its changefeeds, only some clusters have one), then up
 * to `visitsPerRoute` of each route, within `maxExtraVisits`. A route left that no page links to takes its parameters
 * from the sample of the route it abbreviates (see `aliasOf`: `/clusters/:clusterId/ctl`), else it is returned in
 * `unlinked` with an `error` naming it (and any page that showed an error instead of its links); the callers fail on
 * it.
 *
 * One load per page serves both the measure and the crawl (the crawl used to open ~60 pages of its own before the
 * ~70 measured loads: a third of the budget test's time, in CI on two cores shared with the user flows).
 */
export async function crawlRoutes(
  browser: Browser,
  baseUrl: string,
  routes: readonly ConsoleRoute[],
  states: ReadonlyMap<string, StorageState>,
  {
    visitsPerRoute = 4,
    maxExtraVisits = 40,
    concurrency = 2,
    settleMs = 15_000,
    log = () => {},
    trace = () => {},
  }: CrawlOptions = {},
): Promise<Crawl> {
  const started = Date.now();
  const origin = new URL(baseUrl).origin;
  const stateOf = (account: Account): StorageState => {
    const state = states.get(account.email);
    if (!state) throw new Error(`${account.email} is not signed in (signInAccounts)`);
    return state;
  };
  const crawler = crawlAccount(routes);
  const table = routes.map((r) => ({ path: r.path }));
  const routeOf = (pathname: string): ConsoleRoute | undefined => {
    const match = matchRoutes(table, pathname)?.at(-1)?.route.path;
    return match === undefined ? undefined : routes.find((r) => r.path === match);
  };
  const samples = new Map<string, Sample>();
  const loads = new Map<string, PageLoad>();
  /** Routes whose measured load is under way. */
  const loading = new Set<string>();
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
  /** Whether `url` is its route's sample, not measured yet. */
  const toMeasure = (q: { url: string; route: ConsoleRoute }) =>
    samples.get(q.route.path)?.url === q.url && !loads.has(q.route.path) && !loading.has(q.route.path);

  let visited = 0;
  let extra = 0;
  let inFlight = 0;
  /** Pages that showed an error: the likely reason a link was not found. */
  const broken: string[] = [];

  const collect = async (page: Page, from: string) => {
    const hrefs = (await page
      .evaluate(`Array.from(document.querySelectorAll('a[href]'), (a) => a.href)`)
      .catch(() => [])) as string[];
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

  /**
   * The next page to open: a route's sample not measured yet (the first page of each route, in the order found);
   * else, while a route is still wanted, one of a route a wanted route lies under, then one of a route opened fewer
   * than `visitsPerRoute` times.
   */
  const pick = (): { url: string; route: ConsoleRoute; measure: boolean } | undefined => {
    let i = queue.findIndex(toMeasure);
    if (i >= 0) return { ...queue.splice(i, 1)[0]!, measure: true };
    if (!wanted().length || extra >= maxExtraVisits) return undefined;
    i = queue.findIndex((q) => leadsToWanted(q.route) && visitsOf(q.route) < 4 * visitsPerRoute);
    if (i < 0) i = queue.findIndex((q) => visitsOf(q.route) < visitsPerRoute);
    if (i < 0) return undefined;
    extra += 1;
    return { ...queue.splice(i, 1)[0]!, measure: false };
  };

  const open = async ({ url, route, measure }: { url: string; route: ConsoleRoute; measure: boolean }) => {
    visits.set(route.path, visitsOf(route) + 1);
    visited += 1;
    if (measure) loading.add(route.path);
    const t0 = Date.now();
    const load = await loadPage(browser, baseUrl, url, stateOf(measure ? route.account : crawler), {
      ...(route.redirectTo ? { landsOn: route.redirectTo } : {}),
      inspect: async (page, network) => {
        if (!wanted().length) return;
        const failure = await failureShown(page);
        if (failure !== null) broken.push(`${url} (${failure})`);
        await collect(page, url);
        await openTabs(page, network, settleMs, wanted, () => collect(page, url));
      },
    });
    if (measure) {
      loads.set(route.path, load);
      loading.delete(route.path);
    }
    trace(
      `crawl: ${url}${measure ? '' : ' (for links)'} (${Date.now() - t0} ms); ${wanted().length} route(s) left to find`,
    );
  };

  const worker = async () => {
    for (;;) {
      const next = pick();
      if (next) {
        inFlight += 1;
        try {
          await open(next);
        } finally {
          inFlight -= 1;
        }
        continue;
      }
      // Nothing to open now: done, unless a page still open may find more.
      if (!inFlight) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  const unlinked = wanted();
  const derived: Sample[] = [];
  for (const route of routes) {
    if (samples.has(route.path) || unlinked.includes(route)) continue;
    const from = aliasSample(route)!;
    const params = matchPath({ path: from.route.path, end: true }, from.url)?.params ?? {};
    const sample: Sample = {
      route,
      url: fillPath(route.path, params as Record<string, string>),
      via: 'derived',
      from: from.url,
    };
    samples.set(route.path, sample);
    derived.push(sample);
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < derived.length; i = next++) {
        const { route, url } = derived[i]!;
        loads.set(route.path, await loadPage(browser, baseUrl, url, stateOf(route.account)));
        visited += 1;
      }
    }),
  );

  const took = ((Date.now() - started) / 1000).toFixed(1);
  const measured = routes.flatMap((r) => {
    const sample = samples.get(r.path);
    const load = loads.get(r.path);
    return sample && load ? [{ sample, load }] : [];
  });
  if (!unlinked.length) {
    log(`crawl: ${routes.length} routes measured, ${visited} pages opened in ${took} s`);
    return { samples: measured, unlinked, visited };
  }
  const error =
    `no page links to ${unlinked.map((r) => r.path).join(', ')}: the crawler opened ${visited} pages in ${took} s ` +
    `(the menu's, each route found, then up to ${visitsPerRoute} of each route linked from them, each of their tabs ` +
    `opened) and found no link to it, and it is no shorter alias of a linked route. Link to it from a page of the ` +
    `console.` +
    (broken.length ? ` Pages that showed an error instead of their content: ${broken.join('; ')}.` : '');
  log(`crawl: ${error}`);
  return { samples: measured, unlinked, visited, error };
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
