import { expect, test, type Browser } from '@playwright/test';
import { startServer } from '../global-setup.js';
import { OPERATOR, baseUrl, fillSignIn, storedSession } from './helpers.js';

/** Opens `origin`/overview signed out in a new context, signs in on the issuer page, and waits for the overview. */
async function signInAtOrigin(browser: Browser, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/overview`, { waitUntil: 'commit' });
  await expect(page.getByLabel('Email')).toBeVisible();
  // The issuer's sign-in page is on the origin the portal was opened at.
  expect(page.url().startsWith(`${origin}/oidc/interaction/`)).toBe(true);
  await fillSignIn(page, OPERATOR);
  await page.waitForURL(`${origin}/overview`);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  return { context, page };
}

test('signs in at 127.0.0.1 and at localhost against the same server (no PUBLIC_URL)', async ({ browser }) => {
  const { port } = new URL(baseUrl());
  for (const host of ['127.0.0.1', 'localhost']) {
    const origin = `http://${host}:${port}`;
    const { context, page } = await signInAtOrigin(browser, origin);
    const session = await storedSession(page);
    expect(session?.email).toBe(OPERATOR);
    const claims = JSON.parse(Buffer.from(session!.idToken.split('.')[1]!, 'base64url').toString()) as {
      iss: string;
    };
    expect(claims.iss).toBe(`${origin}/oidc`);
    // The API takes the token of this origin's issuer: the overview's data loads.
    await expect(page.getByText('Clusters by status')).toBeVisible();
    await context.close();
  }
});

test('with PUBLIC_URL set, the portal opened at another address says where to open it', async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startServer({ publicUrl: true });
  try {
    const { port } = new URL(server.url);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/overview`);
    await expect(page.getByText('Sign-in is not available at this address')).toBeVisible();
    await expect(
      page.getByText(`This portal is configured for ${server.url} — open it there to sign in.`),
    ).toBeVisible();
    expect(page.url()).toBe(`http://127.0.0.1:${port}/overview`);

    await page.getByRole('link', { name: `Open ${server.url}/` }).click();
    await fillSignIn(page, OPERATOR);
    await page.waitForURL(`${server.url}/overview`);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
  }
});
