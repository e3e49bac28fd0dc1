import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  auditsApi,
  maintenanceApi,
  orgsApi,
  operationsApi,
  REMEDIATION_MESSAGES,
  remediationApi,
} from '@portal/contract';
import type {
  AuditLog,
  Cluster,
  ClusterComponent,
  ListResult,
  Maintenance,
  OperationDetail,
  RemediationTicket,
} from '@portal/contract';
import {
  ADMIN,
  ancestorWithClass,
  apiGet,
  baseUrl,
  chooseOption,
  expectToast,
  OPERATOR,
  signedInPage,
} from './helpers.js';

/**
 * Remediation tickets through the UI (spec §2 /remediation_tickets, /remediation_tickets/{ticket_id}; §4 "Remediation
 * tickets: submit, approve, reject, cancel"; §5 approve confirms first; §8 "Successfully Approve"): an operator creates
 * a ticket (the form validates first) to rebalance the regions of a cluster, submits it; being the applicant, they
 * cannot approve it; an admin, side by side, approves it on its page; the remediation runs as an operation whose
 * progress shows on the ticket until it succeeded; the audit logs list every step. Rebalancing regions changes nothing
 * the other specs read (unlike a scale-out); the cluster is picked fresh: available, dedicated, with at least 2 TiKV
 * stores and in no maintenance (an open window would refuse the run).
 */

const LIMIT = 24;
const REASON = 'e2e: region scores drifted apart after the bulk import';
const COMMENT = 'e2e: approved for the on-call';
/** The operation runs its modelled steps (several seconds): wait for outcomes, never sleep. */
const SLOW = { timeout: 45_000 };

let cluster: Cluster;
let ticketPath = '';
let ticketId = '';

/** A fact of a detail page (antd Descriptions cells). */
const fact = (page: Page, label: string) => page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }).first();
const header = (page: Page) => page.locator('.page-header');
const action = (page: Page, name: string): Locator => header(page).getByRole('button', { name, exact: true });

const choose = chooseOption;

/** An available dedicated cluster with at least 2 TiKV stores, in no maintenance that is not closed. */
async function pickCluster(page: Page): Promise<Cluster> {
  const { items } = await apiGet<ListResult<Cluster>>(page, orgsApi.clusters.path, {
    cluster_type: 'DEDICATED_TIDB',
    status: 'USER_CLUSTER_STATUS_AVAILABLE',
    sort: 'name',
    per_page: 50,
  });
  const maintenances = await apiGet<ListResult<Maintenance>>(page, maintenanceApi.list.path, { per_page: 1000 });
  const busy = new Set(maintenances.items.filter((m) => m.status !== 'Closed').flatMap((m) => m.cluster_ids));
  for (const c of items) {
    if (busy.has(c.id)) continue;
    const components = await apiGet<{ items: ClusterComponent[] }>(
      page,
      orgsApi.clusterComponents.path.replace(':id', c.id),
    );
    if ((components.items.find((x) => x.component === 'TIKV')?.replicas ?? 0) >= 2) return c;
  }
  throw new Error('no available dedicated cluster with 2 TiKV stores outside a maintenance in the demo seed');
}

test.describe.serial('remediation ticket: create, submit, approve by another person, run, succeeded', () => {
  test('operator creates a ticket (validated first), submits it → approving, not approvable by them', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, '/remediation_tickets', OPERATOR);
    cluster = await pickCluster(page);
    await expect(page.getByRole('table', { name: 'Remediation tickets' }).getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: /Create Ticket/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ticket' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(REMEDIATION_MESSAGES.clusterRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(REMEDIATION_MESSAGES.actionRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(REMEDIATION_MESSAGES.reasonRequired, { exact: true })).toBeVisible();

    // The cluster select searches the server (by id exactly, or by name).
    await choose(
      page,
      dialog.getByLabel('Cluster', { exact: true }),
      `${cluster.name} (${cluster.id})`,
      cluster.id,
      cluster.id,
    );
    await choose(page, dialog.getByLabel('Action', { exact: true }), 'Rebalance regions');
    // The action's parameters (its rules first) and its proposed risk.
    const limit = dialog.getByLabel('Region schedule limit');
    await expect(limit).toHaveValue('16');
    await limit.fill('99');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(REMEDIATION_MESSAGES.scheduleLimitRange, { exact: true })).toBeVisible();
    await limit.fill(String(LIMIT));
    await expect(ancestorWithClass(dialog.getByLabel('Risk'), 'ant-select')).toContainText('medium');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, REMEDIATION_MESSAGES.created);
    await expect(dialog).toBeHidden();

    // The new ticket's page opens: a draft.
    await page.waitForURL(/\/remediation_tickets\/RT-\d+$/);
    ticketPath = new URL(page.url()).pathname;
    ticketId = ticketPath.split('/').pop()!;
    await expect(page.getByRole('heading', { name: `Remediation Ticket ${ticketId}` })).toBeVisible();
    await expect(fact(page, 'Status')).toContainText('Draft');
    await expect(fact(page, 'Cluster')).toContainText(cluster.id);
    await expect(fact(page, 'Remediation')).toContainText(`Rebalance regions (region schedule limit ${LIMIT})`);
    await expect(fact(page, 'Risk')).toContainText('medium');
    await expect(fact(page, 'Applicant')).toContainText(OPERATOR);
    await expect(fact(page, 'Reason')).toContainText(REASON);
    await expect(action(page, 'Cancel')).toBeEnabled();

    // Submit, after a confirmation.
    await action(page, 'Submit').click();
    const confirm = page.getByRole('dialog', { name: `Submit remediation ticket ${ticketId}?` });
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, REMEDIATION_MESSAGES.submitted);
    await expect(fact(page, 'Status')).toContainText('Approving');
    await expect(action(page, 'Submit')).toBeDisabled();
    await expect(action(page, 'Edit')).toBeDisabled();
    // Separation of duties: the applicant cannot approve their own ticket.
    const approval = page.getByLabel('Approval', { exact: true });
    await expect(approval).toContainText('On-call review');
    await expect(approval.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(approval.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await page.context().close();
  });

  test('an admin approves it on its page → it runs as an operation, live, until succeeded', async ({ browser }) => {
    const admin = await signedInPage(browser, ticketPath, ADMIN);
    await expect(fact(admin, 'Status')).toContainText('Approving');
    const approval = admin.getByLabel('Approval', { exact: true });
    await approval.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Are you sure to approve?' });
    await confirm.getByLabel('Comment').fill(COMMENT);
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'Successfully Approve');

    // The page follows the ticket: the operation starts and its progress shows, linked to its page.
    const operation = admin.getByRole('region', { name: 'Operation' });
    await expect(operation.getByRole('link', { name: /^Operation \d+$/ })).toBeVisible(SLOW);
    await expect(fact(admin, 'Status')).toContainText(/Running|Succeeded/);
    await expect(fact(admin, 'Status')).toContainText('Succeeded', SLOW);
    await expect(operation).toContainText('The remediation succeeded');
    await expect(fact(admin, 'Decided At')).toContainText(`by ${ADMIN}`);
    await expect(fact(admin, 'Finished At')).toContainText(/\d{4}-\d{2}-\d{2}/);
    for (const name of ['Submit', 'Edit', 'Cancel']) await expect(action(admin, name)).toBeDisabled();

    const { ticket } = await apiGet<{ ticket: RemediationTicket }>(
      admin,
      remediationApi.detail.path.replace(':id', ticketId),
    );
    expect(ticket).toMatchObject({ status: 'succeeded', decided_by: ADMIN, applicant: OPERATOR });
    const op = await apiGet<OperationDetail>(admin, operationsApi.detail.path.replace(':id', ticket.operation_id!));
    expect(op).toMatchObject({
      type: 'remediation.run',
      status: 'succeeded',
      target_type: 'remediation_ticket',
      target_id: ticketId,
    });
    expect(op.steps.map((s) => s.name)).toEqual([
      'precheck',
      'raise-limits',
      'wait-balance',
      'restore-limits',
      'verify',
    ]);

    // The operation's page links back to the ticket.
    await operation.getByRole('link', { name: /^Operation \d+$/ }).click();
    await admin.waitForURL(new RegExp(`/operations/${ticket.operation_id}$`));
    await expect(admin.getByRole('link', { name: ticketId, exact: true }).first()).toBeVisible();
    await admin.context().close();
  });

  test('the list finds it by its filters, and its audit logs list every step', async ({ browser }) => {
    const page = await signedInPage(
      browser,
      `/remediation_tickets?cluster_id=${cluster.id}&status=succeeded&action=rebalance_regions`,
      OPERATOR,
    );
    const row = page
      .getByRole('table', { name: 'Remediation tickets' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: ticketId, exact: true }) });
    await expect(row).toContainText('Succeeded');
    await expect(row).toContainText(`Rebalance regions (region schedule limit ${LIMIT})`);
    await row.getByRole('link', { name: ticketId, exact: true }).click();
    await page.waitForURL(baseUrl() + ticketPath);

    await page.getByRole('tab', { name: 'Audit Logs' }).click();
    const audit = page.getByRole('table', { name: 'Audit logs' });
    for (const operation of ['create', 'submit', 'approve', 'approved', 'run', 'succeeded'])
      await expect(audit.getByRole('cell', { name: operation, exact: true })).toBeVisible();
    const logs = await apiGet<ListResult<AuditLog>>(page, auditsApi.list.path, {
      type: 'remediation_ticket',
      instance_id: ticketId,
      sort: 'operate_at',
    });
    expect(logs.items.map((l) => l.operation)).toEqual(['create', 'submit', 'approve', 'approved', 'run', 'succeeded']);
    expect(logs.items.slice(0, 3).map((l) => l.operator)).toEqual([OPERATOR, OPERATOR, ADMIN]);
    await page.context().close();
  });
});
