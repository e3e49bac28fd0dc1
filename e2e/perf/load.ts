/**
 * One page of the console opened directly by URL in a fresh browser context (empty cache), signed in, and what it
 * cost until its main content showed and the network went quiet: JS on the wire, requests, long tasks, LCP and the
 * time its main area settled. Shared by the per-route budget test (e2e/tests/budget.spec.ts) and the bench's page
 * figures (apps/server/bench/pages.ts); it takes the Playwright browser from either (@playwright/test re-exports
 * playwright-core's types).
 */
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Where the SPA keeps its session (apps/web/src/app/auth/session.ts). */
const SESSION_KEY = 'portal.session';

/** A long task blocks the main thread for what it runs beyond this (the definition of total blocking time). */
const LONG_TASK_MS = 50;

/** What inside `<main>` means "still loading": antd spinners and skeletons, and anything marked busy. */
const BUSY_SELECTOR = '.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]';

/** What inside `<main>` means the page failed: the 403/404/500 results and the app's error message. */
const FAILED_SELECTOR =
  '.ant-result-403, .ant-result-404, .ant-result-500, .ant-result-error, .result-message[role="alert"]';

/**
 * Installed before any of the page's scripts run. A plain string, not a function: Playwright sends a function's
 * source, and tsx/esbuild may add helper calls (`__name`) to it that do not exist in the page.
 *  - long tasks and LCP from buffered PerformanceObservers;
 *  - "ready": `<main>` holds text and no spinner or skeleton. Checked at the next animation frame after any DOM
 *    change; `readyAt` is the start of the latest ready stretch (a page that shows its heading, then a spinning table,
 *    then the rows is ready when the rows are), in ms since navigation start.
 */
export const PERF_INIT_SCRIPT = `(() => {
  const perf = { longTasks: [], lcp: null, ready: false, readyAt: null };
  Object.defineProperty(window, '__portalPerf', { value: perf });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) perf.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  try {
    new PerformanceObserver((list) => {
      const all = list.getEntries();
      if (all.length) perf.lcp = all[all.length - 1].startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (e) {}
  let scheduled = false;
  const check = () => {
    scheduled = false;
    const main = document.querySelector('main');
    const ok = !!main && (main.textContent || '').trim().length > 0 && !main.querySelector(${JSON.stringify(BUSY_SELECTOR)});
    if (ok && !perf.ready) perf.readyAt = performance.now();
    perf.ready = ok;
  };
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

/** The text of the failure `<main>` shows (an error, 403 or 404 result), or null. */
export async function failureShown(page: Page): Promise<string | null> {
  const text = (await page
    .evaluate(
      `(() => {
      const failed = document.querySelector('main')?.querySelector(${JSON.stringify(FAILED_SELECTOR)});
      return failed ? (failed.innerText || failed.textContent || '') : null;
    })()`,
    )
    .catch(() => null)) as string | null;
  return text === null ? null : text.replace(/\s+/g, ' ').trim().slice(0, 160);
}

interface PagePerf {
  longTasks: number[];
  lcp: number | null;
  ready: boolean;
  readyAt: number | null;
}

/** Counts a page's requests and those still open, and keeps each script's body as it arrives. */
export class NetworkTracker {
  requests = 0;
  private open = 0;
  private lastChange = Date.now();
  /** Distinct script URLs in the order they were answered, with their body (null when it could not be read). */
  readonly scripts = new Map<string, Promise<Buffer | null>>();

  /** `keepScripts: false` (the crawler): count requests only. */
  constructor(page: Page, { keepScripts = true }: { keepScripts?: boolean } = {}) {
    page.on('request', () => {
      this.requests += 1;
      this.open += 1;
      this.lastChange = Date.now();
    });
    const done = () => {
      this.open = Math.max(0, this.open - 1);
      this.lastChange = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (res) => {
      const url = res.url();
      const isScript =
        res.request().resourceType() === 'script' || /javascript/.test(res.headers()['content-type'] ?? '');
      if (!keepScripts || !isScript || this.scripts.has(url) || res.status() >= 300) return;
      this.scripts.set(
        url,
        res.body().catch(() => null),
      );
    });
  }

  /** No request open for `quietMs`. */
  quiet(quietMs: number): boolean {
    return this.open === 0 && Date.now() - this.lastChange >= quietMs;
  }

  get openRequests(): number {
    return this.open;
  }
}

async function readPerf(page: Page): Promise<PagePerf | null> {
  try {
    return (await page.evaluate('window.__portalPerf || null')) as PagePerf | null;
  } catch {
    return null; // navigating: the context is being replaced
  }
}

export interface Settled {
  settled: boolean;
  /** Whether `<main>` showed content with nothing loading when the wait ended. */
  ready: boolean;
  openRequests: number;
}

/**
 * Waits until the page's main area shows content with nothing loading and no request has been open for `quietMs`
 * (500 ms, as Playwright's `networkidle`, but also counting what starts after the load event: lazy pages, tabs).
 */
export async function settle(
  page: Page,
  network: NetworkTracker,
  { quietMs = 500, timeoutMs = 30_000 }: { quietMs?: number; timeoutMs?: number } = {},
): Promise<Settled> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ready = (await readPerf(page))?.ready ?? false;
    if (ready && network.quiet(quietMs)) return { settled: true, ready, openRequests: 0 };
    if (Date.now() > until) return { settled: false, ready, openRequests: network.openRequests };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A demo account of the seed (README): the least privileged one that may open a route measures it. */
export interface Account {
  email: string;
  password: string;
  role: string;
}

/** Signs in through the real pages (SPA → built-in issuer → /auth_redirect → /overview) and keeps the session. */
export async function signIn(browser: Browser, baseUrl: string, account: Account): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // Signed out, the SPA leaves for the issuer at once; waiting for 'load' could race that redirect.
    await page.goto(`${baseUrl}/overview`, { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/overview`, { timeout: 30_000 });
    await page.waitForFunction(`window.localStorage.getItem(${JSON.stringify(SESSION_KEY)}) !== null`);
    return await context.storageState();
  } catch (err) {
    throw new Error(`signing in as ${account.email} failed: ${(err as Error).message}`, { cause: err });
  } finally {
    await context.close();
  }
}

export interface ScriptSize {
  /** Path of the script on the server. */
  path: string;
  gzipBytes: number;
}

export interface PageLoad {
  /** What was opened, e.g. `/orgs/3/clusters/10086`. */
  url: string;
  /** Every distinct script loaded until the page settled, gzip level 9 each, largest first. */
  scripts: ScriptSize[];
  jsBytes: number;
  /** Every request of the load (document, scripts, styles, API calls, fonts, images). */
  requests: number;
  /** Sum over long tasks of what each ran beyond 50 ms, from navigation until the page settled. */
  tbtMs: number;
  longestTaskMs: number;
  /** Largest contentful paint, ms since navigation start (null when Chromium reported none). */
  lcpMs: number | null;
  /** When `<main>` last became ready (text, no spinner or skeleton), ms since navigation start. */
  contentMs: number | null;
  /** Set when the page did not show its content: a redirect, an error or 403/404 result, a time-out. */
  problem?: string;
}

const gzipCache = new Map<string, number>();

function gzipSize(url: string, body: Buffer): number {
  const key = `${url} ${body.length}`;
  let size = gzipCache.get(key);
  if (size === undefined) {
    size = zlib.gzipSync(body, { level: 9 }).length;
    gzipCache.set(key, size);
  }
  return size;
}

export interface LoadOptions {
  timeoutMs?: number;
  /** The path the page should end on, when it forwards (a redirect route); `url`'s own path otherwise. */
  landsOn?: string;
  /**
   * Runs on the page once it was measured, before its context closes (the crawl reads its links and opens its tabs
   * there): what it loads counts no more.
   */
  inspect?: (page: Page, network: NetworkTracker) => Promise<void>;
}

/**
 * Opens `url` (a path) directly in a new browser context (empty cache) carrying the signed-in `state`, and measures
 * it until it settled (see `settle`).
 */
export async function loadPage(
  browser: Browser,
  baseUrl: string,
  url: string,
  state: StorageState,
  { timeoutMs = 30_000, landsOn, inspect }: LoadOptions = {},
): Promise<PageLoad> {
  const context = await browser.newContext({ storageState: state });
  try {
    await context.addInitScript({ content: PERF_INIT_SCRIPT });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const network = new NetworkTracker(page);
    let problem: string | undefined;
    try {
      await page.goto(baseUrl + url, { waitUntil: 'load', timeout: timeoutMs });
    } catch (err) {
      problem = `did not load: ${(err as Error).message.split('\n')[0]}`;
    }
    const settled = problem ? undefined : await settle(page, network, { timeoutMs });
    const perf = await readPerf(page);
    const at = new URL(page.url());
    const wanted = new URL(baseUrl + (landsOn ?? url));
    const failed = await failureShown(page);
    if (problem) {
      // already set
    } else if (at.origin + at.pathname !== wanted.origin + wanted.pathname) {
      problem = `ended on ${at.pathname} instead`;
    } else if (failed !== null) {
      problem = `shows a failure: ${failed}`;
    } else if (settled && !settled.settled) {
      problem = settled.ready
        ? `${settled.openRequests} request(s) still open after ${timeoutMs / 1000} s`
        : `its main area still empty or loading after ${timeoutMs / 1000} s`;
    }
    if (problem && errors.length) problem += ` (page error: ${errors[0]})`;

    const scripts: ScriptSize[] = [];
    for (const [scriptUrl, body] of network.scripts) {
      // A body Chromium no longer holds (the page navigated on) is fetched again.
      const bytes = (await body) ?? (await context.request.get(scriptUrl).then((r) => (r.ok() ? r.body() : null)));
      if (bytes) scripts.push({ path: new URL(scriptUrl).pathname, gzipBytes: gzipSize(scriptUrl, bytes) });
    }
    scripts.sort((a, b) => b.gzipBytes - a.gzipBytes || a.path.localeCompare(b.path));
    const longTasks = perf?.longTasks ?? [];
    await inspect?.(page, network);
    return {
      url,
      scripts,
      jsBytes: scripts.reduce((a, s) => a + s.gzipBytes, 0),
      requests: network.requests,
      tbtMs: Math.round(longTasks.reduce((a, d) => a + Math.max(0, d - LONG_TASK_MS), 0)),
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
      lcpMs: perf?.lcp == null ? null : Math.round(perf.lcp),
      contentMs: perf?.ready && perf.readyAt != null ? Math.round(perf.readyAt) : null,
      ...(problem ? { problem } : {}),
    };
  } finally {
    await context.close();
  }
}

/** "12.3" (KB, one decimal). */
export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** The per-script list of a load, largest first: what a failed budget shows. */
export function scriptDetail(load: PageLoad): string {
  return load.scripts.map((s) => `  ${kb(s.gzipBytes).padStart(7)} KB  ${s.path}`).join('\n');
}

/** Rows of cells as aligned text columns (numbers right-aligned), the first row the header. */
export function textTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (cell: string) => /^[-\d.,–≤>≥ %×KBms]+$/.test(cell) && /\d/.test(cell);
  return rows
    .map((r) =>
      r
        .map((cell, i) => (numeric(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
