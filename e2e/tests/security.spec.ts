import { expect, test, type Page } from '@playwright/test';
import { OPERATOR, baseUrl, fillSignIn, storedSession } from './helpers.js';

/** A token parameter in a URL (the issuer's answer is `#access_token=…&id_token=…`). */
const TOKEN_IN_URL = /[#?&](access_token|id_token)=/;

/** Every entry of the tab's session history, as the browser keeps it (Chromium's DevTools protocol). */
async function historyUrls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { entries } = await cdp.send('Page.getNavigationHistory');
    return entries.map((entry) => entry.url);
  } finally {
    await cdp.detach();
  }
}

// Issue 9, item 4: a return target with a tab or newline (`/\t/evil.example` parses as `//evil.example`) hung the
// callback on "Please wait..." with the tokens left in the address bar and the history.
for (const control of ['%09', '%0A']) {
  test(`sign-in from /auth_redirect?prev=/${control}/evil.example lands on this origin with no tokens in the URL or history`, async ({
    page,
  }) => {
    const origin = new URL(baseUrl()).origin;
    // Without tokens the callback fails, then restarts login carrying this return target in state; the issuer sends
    // the browser back to /auth_redirect#access_token=…&id_token=…&state=… after the password.
    await page.goto(`${baseUrl()}/auth_redirect?prev=/${control}/evil.example`, { waitUntil: 'commit' });
    await fillSignIn(page, OPERATOR);

    // Before the fix the page stayed on "Please wait..." here, the navigation to `//evil.example` refused.
    await page.waitForURL(`${baseUrl()}/overview`, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Please wait...')).toHaveCount(0);
    expect((await storedSession(page))?.email).toBe(OPERATOR);

    const location = await page.evaluate(() => ({ origin: window.location.origin, hash: window.location.hash }));
    expect(location).toEqual({ origin, hash: '' });
    for (const url of await historyUrls(page)) {
      expect(url).not.toMatch(TOKEN_IN_URL);
      if (url !== 'about:blank') expect(new URL(url).origin).toBe(origin);
    }
  });
}

test('a failed callback clears the tokens from the URL and the history before restarting login', async ({ page }) => {
  // A forged answer: the state is not the one this tab stored, so the callback refuses it.
  await page.goto(
    `${baseUrl()}/auth_redirect?prev=/%0A/evil.example#access_token=stolen-at&id_token=x.y.z&state=forged`,
  );
  await expect(page.getByText('Login failed: authentication failure').first()).toBeVisible();
  expect(await page.evaluate(() => window.location.href)).toBe(`${baseUrl()}/auth_redirect`);
  for (const url of await historyUrls(page)) expect(url).not.toMatch(TOKEN_IN_URL);
  // …and the restarted login still ends on this origin.
  await fillSignIn(page, OPERATOR);
  await page.waitForURL(`${baseUrl()}/overview`);
  expect(await page.evaluate(() => window.location.hash)).toBe('');
});
