import { expect, test } from '@playwright/test';
import { orgsApi, TENANT_MESSAGES } from '@portal/contract';
import type { DataResource, ListResult, Tenant } from '@portal/contract';
import { ADMIN, apiGet, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * Tenant operations through the UI (issue 18; spec §7 Devops tenants): the admin creates a tenant on /orgs, starts a
 * support session in it with a reason (the banner shows the time left and the reason), ends it, sets its quota and
 * deletes it (typing its name). A tenant with live clusters cannot be deleted: the dialog says how many. The operator
 * sees the new tabs but no actions.
 */

test('admin creates a tenant, runs a support session in it, sets its quota and deletes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, '/orgs', ADMIN);
  const name = `E2E Tenant ${Date.now().toString(36)}`;

  // Create: name, contact email, provider → region.
  await page.getByRole('button', { name: 'Create tenant' }).click();
  const create = page.getByRole('dialog', { name: 'Create tenant' });
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('textbox', { name: 'Contact email' }).fill('not-an-email');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText(TENANT_MESSAGES.invalidEmail)).toBeVisible();
  await create.getByRole('textbox', { name: 'Contact email' }).fill('ops@e2e-tenant.test');
  await chooseOption(page, create.getByRole('combobox', { name: 'Cloud provider' }), 'Amazon Web Services');
  await chooseOption(page, create.getByRole('combobox', { name: 'Home region' }), 'us-west-2');
  await create.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Tenant created');
  await expect(page).toHaveURL(/\/orgs\/\d{19}\/$/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  const tenantId = /\/orgs\/(\d+)\//.exec(page.url())![1]!;

  // Start a support session: the reason is checked, then the banner shows it with the time left.
  await page.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Start support session' }).click();
  const start = page.getByRole('dialog', { name: `Start support session in ${name}` });
  await start.getByRole('textbox', { name: 'Reason' }).fill('short');
  await start.getByRole('button', { name: 'Start session' }).click();
  await expect(start.getByText(TENANT_MESSAGES.reasonLength)).toBeVisible();
  const reason = 'E2E check of the onboarding set-up, ticket OPS-4242';
  await start.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await chooseOption(page, start.getByRole('combobox', { name: 'Duration' }), '30 minutes');
  await start.getByRole('button', { name: 'Start session' }).click();
  await expectToast(page, 'Support session started');
  const banner = page.getByRole('status', { name: 'Support session' });
  await expect(banner).toContainText(/Support session active: (30|29) min left/);
  await expect(banner).toContainText(`Reason: ${reason}`);

  // End it from the Actions menu, after confirming.
  await page.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'End support session' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'End the support session?' });
  await confirm.getByRole('button', { name: 'End session' }).click();
  await expectToast(page, 'Support session ended');
  await expect(banner).toBeHidden();

  // Quota: the platform default, then this tenant's own.
  await page.getByRole('tab', { name: 'Quota' }).click();
  const limits = page.getByRole('region', { name: 'Quota limits' });
  await expect(limits).toContainText('20 (0 of 20 in use)');
  await expect(page.getByText('Platform default')).toBeVisible();
  await page.getByRole('button', { name: 'Edit quota' }).click();
  const quota = page.getByRole('dialog', { name: 'Edit quota' });
  await quota.getByRole('spinbutton', { name: 'Max clusters' }).fill('2000');
  await quota.getByRole('button', { name: 'Save' }).click();
  await expect(quota.getByText(TENANT_MESSAGES.maxClusters)).toBeVisible();
  await quota.getByRole('spinbutton', { name: 'Max clusters' }).fill('8');
  await quota.getByRole('spinbutton', { name: 'Max storage (TB)' }).fill('25');
  await quota.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Quota saved');
  await expect(limits).toContainText('8 (0 of 8 in use)');
  await expect(limits).toContainText('25 (0 of 25 TB in use)');
  await expect(page.getByText('Set for this tenant')).toBeVisible();

  // The audit trail holds the create, the session's start and end, and the quota change.
  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  const audit = page.getByRole('tabpanel');
  for (const operation of ['create', 'impersonate_start', 'impersonate_end', 'update_quota'])
    await expect(audit.getByText(operation, { exact: true }).first()).toBeVisible();

  // Delete: the exact name first.
  await page.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Delete tenant' }).click();
  const del = page.getByRole('dialog', { name: `Delete tenant ${name}` });
  await del.getByRole('textbox', { name: 'Tenant name' }).fill('wrong');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(del.getByText('Type the tenant name exactly as shown')).toBeVisible();
  await del.getByRole('textbox', { name: 'Tenant name' }).fill(name);
  await del.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Tenant deleted');
  await expect(page).toHaveURL(/\/orgs$/);
  const left = await apiGet<ListResult<Tenant>>(page, orgsApi.tenants.path, { search: tenantId });
  expect(left.total).toBe(0);
});

test('a tenant with live clusters cannot be deleted; the operator sees the tabs but no actions', async ({
  browser,
}) => {
  const page = await signedInPage(browser, '/orgs?search=kestrel', ADMIN);
  await page.getByRole('table', { name: 'Organizations' }).getByRole('link', { name: 'Kestrel Robotics' }).click();
  await expect(page.getByRole('heading', { name: 'Kestrel Robotics' })).toBeVisible();
  const tenantId = /\/orgs\/(\d+)\/?$/.exec(page.url())![1]!;
  const usage = await apiGet<DataResource>(page, orgsApi.tenantDataResource.path.replace(':id', tenantId));
  const live = usage.clusters_by_status
    .filter((s) => s.status !== 'USER_CLUSTER_STATUS_DELETED')
    .reduce((n, s) => n + s.count, 0);
  expect(live).toBeGreaterThan(0);
  await page.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Delete tenant' }).click();
  const del = page.getByRole('dialog', { name: 'Delete tenant Kestrel Robotics' });
  await del.getByRole('textbox', { name: 'Tenant name' }).fill('Kestrel Robotics');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(del.getByText(TENANT_MESSAGES.liveClusters(live))).toBeVisible();
  await del.getByRole('button', { name: 'Cancel' }).click();

  // Network: the seeded CIDRs; Account Users: the seeded people.
  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(page.getByRole('table', { name: 'VPC CIDRs' })).toContainText('10.100.0.0/16');
  await page.getByRole('tab', { name: 'Account Users' }).click();
  await expect(page.getByRole('table', { name: 'Account users' }).getByText('Owner').first()).toBeVisible();

  const operator = await signedInPage(browser, `/orgs/${tenantId}/?tab=quota`, OPERATOR);
  await expect(operator.getByRole('region', { name: 'Quota limits' })).toBeVisible();
  await expect(operator.getByRole('button', { name: 'Edit quota' })).toHaveCount(0);
  await expect(operator.getByRole('button', { name: /Actions/ })).toHaveCount(0);
});
