import { expect, test } from '@playwright/test';
import { ADMIN, OPERATOR, baseUrl, fillSignIn, signInAt, storedSession } from './helpers.js';

test('operator signs in through the built-in issuer and browses overview → orgs → tenant → cluster with hover cards', async ({
  page,
}) => {
  await page.goto(baseUrl() + '/', { waitUntil: 'commit' });
  await fillSignIn(page, OPERATOR);
  await page.waitForURL(baseUrl() + '/overview');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Clusters by status')).toBeVisible();
  await expect(page).toHaveTitle('overview - Management Portal');
  const session = await storedSession(page);
  expect(session?.email).toBe(OPERATOR);
  expect(session!.expiresAt).toBeGreaterThan(Date.now());

  await page.getByRole('menuitem', { name: 'Orgs' }).click();
  await page.waitForURL(/\/orgs$/);
  const table = page.getByRole('table', { name: 'Organizations' });
  await expect(table.getByRole('row')).toHaveCount(11); // header + 10 rows of the first page
  await page.getByPlaceholder('Search by name or ID').fill('woodgrove');
  await page.waitForURL(/search=woodgrove/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Woodgrove Bank')).toBeVisible();

  // The tenant id gets a hover card after the 0.3 s delay: name, id, region, status.
  const idLink = table.getByRole('link', { name: /^\d{10,}$/ }).first();
  const tenantId = (await idLink.textContent())!.trim();
  await idLink.hover();
  const card = page.locator('.ant-popover').filter({ hasText: 'Woodgrove Bank' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(tenantId);
  await expect(card).toContainText('ACTIVE');

  await table.getByRole('link', { name: 'Woodgrove Bank' }).click();
  await page.waitForURL(new RegExp(`/orgs/${tenantId}/?$`));
  await expect(page.getByText('Woodgrove Bank').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Clusters' }).click();
  const clusterLink = page.getByRole('tabpanel').getByRole('link', { name: /^\d+$/ }).first();
  await clusterLink.hover();
  const clusterCard = page
    .locator('.ant-popover')
    .filter({ hasText: /AVAILABLE|PAUSED|CREATING|MODIFYING|UNAVAILABLE|MAINTAINING|RESUMING|DELET/ });
  await expect(clusterCard).toBeVisible();
  await expect(clusterCard).not.toContainText('USER_CLUSTER_STATUS_');
  await clusterLink.click();
  await page.waitForURL(new RegExp(`/orgs/${tenantId}/clusters/\\d+$`));
  await expect(page.getByText('Components').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'TIDB' }).first()).toBeVisible();
});

test('a deep link survives sign-in, filters included', async ({ page }) => {
  await signInAt(page, '/orgs?status=CLOSED', OPERATOR);
  const rows = page.getByRole('table', { name: 'Organizations' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 1; i < count; i++) await expect(rows.nth(i)).toContainText('CLOSED');
});

test('admin sees the admin menus and the operator does not', async ({ browser }) => {
  const adminPage = await (await browser.newContext()).newPage();
  await signInAt(adminPage, '/overview', ADMIN);
  await expect(adminPage.getByRole('menuitem', { name: /admin/i })).toBeVisible();

  const opPage = await (await browser.newContext()).newPage();
  await signInAt(opPage, '/overview', OPERATOR);
  await expect(opPage.getByRole('menuitem', { name: 'Orgs' })).toBeVisible();
  await expect(opPage.getByRole('menuitem', { name: /admin/i })).toHaveCount(0);
});

test('logout ends the session at the issuer and asks for the password again', async ({ page }) => {
  await signInAt(page, '/overview', OPERATOR);
  await page.getByText('Oscar Operator').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await signOut.click();
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});

test('an expired session goes back through login and returns to the same page', async ({ page, context }) => {
  await signInAt(page, '/providers', OPERATOR);
  await page.evaluate(() => {
    const s = JSON.parse(window.localStorage.getItem('portal.session')!);
    window.localStorage.setItem('portal.session', JSON.stringify({ ...s, expiresAt: Date.now() - 1000 }));
  });
  // The running SPA may notice the expiry on its own and leave for the issuer, which would abort a reload
  // racing it; so this tab is closed and the page is opened again in a new tab of the same browser session.
  await page.close();
  const again = await context.newPage();
  const authorizeCalls: string[] = [];
  again.on('request', (r) => {
    if (r.url().includes('/oidc/auth')) authorizeCalls.push(r.url());
  });
  await again.goto(baseUrl() + '/providers', { waitUntil: 'commit' });
  // The issuer session is still alive, so login completes without the password and comes back here.
  await again.waitForURL(baseUrl() + '/providers');
  await expect(again.getByRole('heading', { name: /providers/i })).toBeVisible();
  expect(authorizeCalls.length).toBeGreaterThan(0);
  expect(authorizeCalls[0]).toContain('response_type=token+id_token');
  expect(authorizeCalls[0]).toContain('scope=openid+email');
  expect((await storedSession(again))!.expiresAt).toBeGreaterThan(Date.now());
});
