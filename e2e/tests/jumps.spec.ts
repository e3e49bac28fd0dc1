import { expect, test, type Page } from '@playwright/test';
import { auditsApi, JUMP_MESSAGES, jumpsApi, orgsApi } from '@portal/contract';
import type { AuditLog, Cluster, JumpAuthorization, ListResult } from '@portal/contract';
import { ADMIN, apiGet, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * Jump authorizations through the UI (spec §2 /jumps, /jumps/{authorization_id}; §4 cancel; §8 messages): an operator
 * requests access to a cluster's hosts as a jumpserver user; the operator cannot approve their own request; an admin,
 * side by side, approves it on its page → active, with its hosts and the time left; the admin cancels it → cancelled,
 * the grant revoked, and every step is on its audit trail. The cluster is picked fresh from the demo seed (no open
 * request of the operator as that user).
 */

const USER = 'oscar.ops';
const USER_OPTION = 'oscar.ops — Oscar Operator';
const REASON = 'e2e: read the TiKV logs on the hosts for INC-9001';
const CANCEL_REASON = 'e2e: done, revoking early';

let cluster: Cluster;
let authorizationPath = '';

/** A fact of a detail page (antd Descriptions cells). */
const fact = (page: Page, label: string) => page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }).first();

const choose = chooseOption;

/** A cluster the operator has no open (approving or active) request on, picked fresh with their own session. */
async function freeCluster(page: Page): Promise<Cluster> {
  const open = await apiGet<ListResult<JumpAuthorization>>(page, jumpsApi.list.path, {
    applicant: OPERATOR,
    status: 'approving',
    per_page: 1000,
  });
  const active = await apiGet<ListResult<JumpAuthorization>>(page, jumpsApi.list.path, {
    applicant: OPERATOR,
    status: 'active',
    per_page: 1000,
  });
  const taken = new Set([...open.items, ...active.items].map((a) => a.cluster_id));
  const clusters = await apiGet<ListResult<Cluster>>(page, orgsApi.clusters.path, {
    status: 'USER_CLUSTER_STATUS_AVAILABLE',
    cluster_type: 'DEDICATED_TIDB',
    sort: 'name',
    per_page: 50,
  });
  const free = clusters.items.find((c) => !taken.has(c.id));
  if (!free) throw new Error('no available dedicated cluster without an open request of the operator in the demo seed');
  return free;
}

test.describe.serial('jump authorization: request, approve by another person, cancel', () => {
  test('operator requests access (the fields validate first) → approving, not approvable by them', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, '/jumps', OPERATOR);
    cluster = await freeCluster(page);
    await expect(page.getByRole('table', { name: 'Jump authorizations' }).getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Request Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Access' });
    await dialog.getByRole('button', { name: 'Request' }).click();
    await expect(dialog.getByText(JUMP_MESSAGES.reasonRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(JUMP_MESSAGES.clusterRequired, { exact: true })).toBeVisible();

    // The cluster select searches the server (by id exactly, or by name).
    await choose(page, dialog.getByLabel('Cluster', { exact: true }), `${cluster.name} (${cluster.id})`, cluster.id);
    await choose(page, dialog.getByLabel('Jumpserver User', { exact: true }), USER_OPTION);
    await choose(page, dialog.getByLabel('Duration', { exact: true }), '30m');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Request' }).click();
    await expectToast(page, JUMP_MESSAGES.created);
    await expect(dialog).toBeHidden();

    // The new authorization's page opens.
    await page.waitForURL(/\/jumps\/\d+$/);
    authorizationPath = new URL(page.url()).pathname;
    const id = authorizationPath.split('/').pop()!;
    await expect(page.getByRole('heading', { name: `Jump Authorization ${id}` })).toBeVisible();
    await expect(fact(page, 'Status')).toContainText('approving');
    await expect(fact(page, 'Cluster')).toContainText(cluster.id);
    await expect(fact(page, 'Jumpserver User')).toContainText(USER);
    await expect(fact(page, 'Applicant')).toContainText(OPERATOR);
    await expect(fact(page, 'Duration')).toContainText('30m');
    await expect(fact(page, 'Reason')).toContainText(REASON);
    // Separation of duties: the applicant cannot approve their own request.
    const approval = page.getByLabel('Approval', { exact: true });
    await expect(approval).toContainText(`Jump access to cluster ${cluster.name} (${cluster.id}) as ${USER} for 30m`);
    await expect(approval.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await page.context().close();
  });

  test('an admin approves it on its page → active, with its hosts and the time left', async ({ browser }) => {
    const admin = await signedInPage(browser, authorizationPath, ADMIN);
    await expect(fact(admin, 'Status')).toContainText('approving');
    const approval = admin.getByLabel('Approval', { exact: true });
    await approval.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Are you sure to approve?' });
    await confirm.getByLabel('Comment').fill('e2e: approved for the incident');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'Successfully Approve');
    // The page follows the authorization while the grant is made.
    await expect(fact(admin, 'Status')).toContainText('active', { timeout: 20_000 });
    await expect(fact(admin, 'Expires At')).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(fact(admin, 'Expires At')).toContainText(/(29|30)m left/);
    await expect(fact(admin, 'Grant')).toContainText(/grant-/);
    await admin.getByRole('tab', { name: /^Hosts \(\d+\)$/ }).click();
    const hosts = admin.getByRole('table', { name: 'Hosts' });
    await expect(hosts).toContainText(`db-pd-0.db-pd-peer.tidb${cluster.id}.svc`);
    await admin.context().close();

    // The operator's list shows it active.
    const page = await signedInPage(browser, `/jumps?cluster_id=${cluster.id}&status=active`, OPERATOR);
    const row = page
      .getByRole('table', { name: 'Jump authorizations' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: authorizationPath.split('/').pop()!, exact: true }) });
    await expect(row).toContainText('active');
    await expect(row).toContainText(/(29|30)m left/);
    await page.context().close();
  });

  test('the admin cancels it → cancelled, Cancel disabled, every step in the audit logs', async ({ browser }) => {
    const admin = await signedInPage(browser, authorizationPath, ADMIN);
    await expect(fact(admin, 'Status')).toContainText('active');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    const dialog = admin.getByRole('dialog', { name: /^Cancel jump authorization \d+\?$/ });
    await expect(dialog).toContainText(`revokes ${USER}'s access`);
    await dialog.getByLabel('Reason').fill(CANCEL_REASON);
    await dialog.getByRole('button', { name: 'Cancel the authorization' }).click();
    await expectToast(admin, JUMP_MESSAGES.cancelled);
    await expect(dialog).toBeHidden();
    await expect(fact(admin, 'Status')).toContainText('cancelled');
    await expect(fact(admin, 'Status')).toContainText(CANCEL_REASON);
    await expect(fact(admin, 'Ended At')).toContainText(`by ${ADMIN}`);
    await expect(admin.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await admin.getByRole('tab', { name: 'Audit Logs' }).click();
    const audit = admin.getByRole('table', { name: 'Audit logs' });
    for (const operation of ['create', 'approve', 'approved', 'cancel'])
      await expect(audit.getByRole('cell', { name: operation, exact: true })).toBeVisible();
    const id = authorizationPath.split('/').pop()!;
    const logs = await apiGet<ListResult<AuditLog>>(admin, auditsApi.list.path, {
      type: 'jump',
      instance_id: id,
      sort: 'operate_at',
    });
    expect(logs.items.map((l) => `${l.operation}:${l.operator}`)).toEqual([
      `create:${OPERATOR}`,
      `approve:${ADMIN}`,
      `approved:${ADMIN}`,
      `cancel:${ADMIN}`,
    ]);
    const { authorization } = await apiGet<{ authorization: JumpAuthorization }>(
      admin,
      jumpsApi.detail.path.replace(':id', id),
    );
    expect(authorization).toMatchObject({ status: 'cancelled', status_reason: CANCEL_REASON, ended_by: ADMIN });
    await admin.context().close();
  });
});
