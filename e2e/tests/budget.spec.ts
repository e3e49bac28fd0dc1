import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { baseUrl, fillSignIn, OPERATOR } from './helpers.js';

const BUDGET_KB = 250;

/**
 * The initial JS budget measured where it matters: every distinct script Chromium loads from the first visit through
 * the issuer's sign-in to the rendered overview (lazy chunks included), gzip level 9 as served.
 */
test(`initial JS of sign-in → /overview is at most ${BUDGET_KB} KB gzip`, async ({ page }) => {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = res.url();
    if (res.request().resourceType() !== 'script' || sizes.has(url)) return;
    sizes.set(url, 0);
    pending.push(res.body().then((body) => void sizes.set(url, zlib.gzipSync(body, { level: 9 }).length)));
  });
  await page.goto(`${baseUrl()}/overview`, { waitUntil: 'commit' });
  await fillSignIn(page, OPERATOR);
  await page.waitForURL(`${baseUrl()}/overview`);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);

  const kb = [...sizes.values()].reduce((a, b) => a + b, 0) / 1024;
  const detail = [...sizes]
    .map(([url, bytes]) => `${(bytes / 1024).toFixed(1)} KB ${new URL(url).pathname}`)
    .join('\n');
  test
    .info()
    .annotations.push({ type: 'initial JS', description: `${kb.toFixed(1)} KB gzip in ${sizes.size} scripts` });
  console.log(`initial JS: ${kb.toFixed(1)} KB gzip in ${sizes.size} scripts`);
  expect(sizes.size).toBeGreaterThan(0);
  expect(kb, detail).toBeLessThanOrEqual(BUDGET_KB);
});
