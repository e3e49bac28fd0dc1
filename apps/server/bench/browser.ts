import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface SignInResult {
  idToken: string;
  /** Every distinct script the browser loaded from sign-in to the rendered overview, gzip-9 size each. */
  scripts: { url: string; gzipBytes: number }[];
}

/** Signs in through the real pages (SPA → built-in issuer → /auth_redirect → /overview) in Chromium. */
export async function signIn(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
): Promise<SignInResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The SPA loads twice (before the issuer's page and again on /auth_redirect); the second time comes from the cache,
  // so each script counts once. Bodies are fetched again afterwards: a response's own body is gone once the page has
  // navigated on (the first load leaves for the issuer at once), which used to drop the entry chunks from the count.
  const seen = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') seen.add(req.url());
  });
  await page.goto(`${baseUrl}/overview`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/overview`, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const scripts = new Map<string, number>();
  for (const url of seen) {
    const res = await context.request.get(url);
    if (res.ok()) scripts.set(url, zlib.gzipSync(await res.body(), { level: 9 }).length);
  }
  const raw = await page.evaluate(() => window.localStorage.getItem('portal.session'));
  await context.close();
  const idToken = raw ? (JSON.parse(raw) as { idToken?: string }).idToken : undefined;
  if (!idToken) throw new Error('no session stored after sign-in');
  return { idToken, scripts: [...scripts].map(([url, gzipBytes]) => ({ url, gzipBytes })) };
}
