import { expect, test } from '@playwright/test';
import { GRANT_MESSAGES, grantsApi } from '@portal/contract';
import type { Grant, ListResult } from '@portal/contract';
import { ADMIN, apiGet, chooseOption, expectToast, signedInPage } from './helpers.js';

/**
 * Privilege grants through the UI (spec §2 /privilege, /privilege/{priv_id}; §4 "Privileges: revoke"): the admin
 * requests a time-bound grant for Sam Okafor (a viewer). billing.read is refused — his role already gives it — so the
 * admin asks for billing.write; the grant is pending, and since the admin requested it they cannot approve it (no
 * Approve button, the server would refuse); the admin revokes it with a reason → revoked, on its timeline and audit
 * trail.
 */

const SAM = 'sam.okafor@example.com';
const REASON = 'e2e: adjust the credits of the Q4 pilot customers';

test('admin requests a grant (pending, not approvable by them) and revokes it', async ({ browser }) => {
  const page = await signedInPage(browser, '/privilege', ADMIN);
  const table = page.getByRole('table', { name: 'Privilege grants' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The demo holds a pending grant the admin requested: it offers Revoke but never Approve.
  await page.getByLabel('Grant status').getByText('Pending', { exact: true }).click();
  await expect(page).toHaveURL(/status=pending/);
  const own = table.getByRole('row').filter({ hasText: 'partners.manage' });
  await expect(own.getByRole('button', { name: /Revoke/ })).toBeVisible();
  await expect(own.getByRole('button', { name: /Approve/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Grant privilege' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant privilege' });
  await dialog.getByRole('button', { name: 'Request grant' }).click();
  await expect(dialog.getByText(GRANT_MESSAGES.userRequired)).toBeVisible();
  await expect(dialog.getByText(GRANT_MESSAGES.privilegeRequired)).toBeVisible();

  await chooseOption(page, dialog.getByLabel('User'), `Sam Okafor <${SAM}>`, 'sam');
  await chooseOption(page, dialog.getByLabel('Privilege'), 'billing.read', 'billing.read');
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Request grant' }).click();
  // His viewer role already gives billing.read: refused, the dialog stays open with the server's words.
  await expect(dialog.getByText(GRANT_MESSAGES.alreadyHeld(SAM, 'billing.read'))).toBeVisible();

  await chooseOption(page, dialog.getByLabel('Privilege'), 'billing.write', 'billing.write');
  await dialog.getByRole('button', { name: 'Request grant' }).click();
  await expectToast(page, GRANT_MESSAGES.created);
  await expect(dialog).toBeHidden();

  // The new grant's page: pending, requested by the admin, no Approve or Reject for them.
  await expect(page).toHaveURL(/\/privilege\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: `Privilege grant ${id}: billing.write` })).toBeVisible();
  await expect(page.getByText('Pending').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Revoke/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Reject/ })).toHaveCount(0);
  const timeline = page.getByLabel('Grant timeline');
  await expect(timeline.getByText('Requested')).toBeVisible();
  await expect(timeline.getByText(REASON)).toBeVisible();

  // The list shows it pending too.
  const listed = await apiGet<ListResult<Grant>>(page, grantsApi.list.path, { user_email: SAM, status: 'pending' });
  expect(listed.items.find((g) => g.id === id)).toMatchObject({ requested_by: ADMIN, actions: ['revoke'] });

  await page.getByRole('button', { name: /Revoke/ }).click();
  const revoke = page.getByRole('dialog', { name: /Revoke billing.write from/ });
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(revoke.getByText(GRANT_MESSAGES.revokeReasonRequired)).toBeVisible();
  await revoke.getByLabel('Revoke reason').fill('e2e: asked for by mistake');
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, GRANT_MESSAGES.revoked);
  await expect(timeline.getByText('Revoked')).toBeVisible();
  await expect(timeline.getByText('e2e: asked for by mistake')).toBeVisible();
  await expect(page.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  const audits = page.getByRole('table', { name: 'Audit logs' });
  await expect(audits.getByRole('row').filter({ hasText: 'request_grant' })).toBeVisible();
  await expect(audits.getByRole('row').filter({ hasText: 'revoke' })).toBeVisible();
});
