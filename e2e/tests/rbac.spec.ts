import { expect, test } from '@playwright/test';
import { ADMIN, expectToast, PASSWORD, signedInPage, signInAt, storedSession } from './helpers.js';

/*
 * Access control as data, through the UI (issue 18): the admin creates a role with one privilege on /rbac, adds a
 * user holding only that role on /access, and that user sees the one area the privilege opens — and is refused
 * elsewhere, by the page (403 naming the privilege) and by the server.
 */
test('a role with one privilege opens its page and nothing else', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const role = `billing-reader-${stamp}`;
  const email = `rita.${stamp}@example.com`;

  const admin = await signedInPage(browser, '/rbac', ADMIN);
  await expect(admin.getByRole('heading', { name: 'RBAC' })).toBeVisible();
  await admin.getByRole('button', { name: 'Create role' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Create role' });
  // Nothing chosen: the form says what is missing and creates nothing.
  await dialog.getByLabel('Name').fill(role);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Select at least one privilege')).toBeVisible();
  await dialog.getByLabel('Description').fill('Reads the billing pages');
  await dialog.getByRole('checkbox', { name: 'billing.read' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(admin, `Role ${role} created`);
  await expect(dialog).toBeHidden();
  const row = admin.getByRole('row').filter({ hasText: role });
  await expect(row).toContainText('billing.read');
  await expect(row.getByRole('link', { name: '0' })).toBeVisible();

  // A user holding only that role.
  await admin.goto(`${new URL(admin.url()).origin}/access`);
  await admin.getByRole('button', { name: 'Add user' }).click();
  const add = admin.getByRole('dialog', { name: 'Add user' });
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Name').fill('Rita Reader');
  await add.getByRole('checkbox', { name: /^viewer/ }).uncheck();
  await add.getByRole('checkbox', { name: new RegExp(`^${role}`) }).check();
  await add.getByLabel('Password').fill(PASSWORD);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(admin, 'Create successful!');
  await admin.context().close();

  // The user: the billing page opens; the sidebar holds only it; other pages answer 403 naming their privilege.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, '/business', email);
  await expect(page.getByRole('heading', { name: 'Business' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByText('Business')).toBeVisible();
  await expect(nav.getByText('Orgs')).toHaveCount(0);
  await expect(nav.getByText('Overview')).toHaveCount(0);

  await page.goto(`${new URL(page.url()).origin}/orgs`);
  await expect(page.getByText(/It needs the privilege orgs\.read/)).toBeVisible();

  // The server refuses too, and says which privilege was missing.
  const session = await storedSession(page);
  const refused = await page.evaluate(async (token) => {
    const res = await fetch('/api/v1/admin/orgs', { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as { details?: { privilege?: string } } };
  }, session?.idToken ?? '');
  expect(refused.status).toBe(403);
  expect(refused.body.details?.privilege).toBe('orgs.read');
  await context.close();
});
