import { expect, test, type Locator, type Page } from '@playwright/test';
import { auditsApi, INCIDENT_MESSAGES, NOTIFICATION_MESSAGES, notificationsApi } from '@portal/contract';
import type { AuditLog, ListResult } from '@portal/contract';
import { ADMIN, apiGet, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * A notification workflow through the UI (spec §2 /notification, /notification/detail/{workflow_id},
 * /notification/{workflow_id}/statistics; §8 messages): an operator creates a workflow (the form validates first) that
 * sends an in-portal message to the admin when an incident is opened; the operator opens an incident; the delivery is
 * listed on the workflow's page; the admin sees it under the header's bell, and opening it there marks it read and
 * leads to the incident; the workflow's statistics count it sent and opened, as a chart and a table. The names carry
 * the time of the run, so reruns against the same database never collide.
 */

const RUN = Date.now();
const NAME = `e2e: incidents to the admin ${RUN}`;
const SUBJECT_PREFIX = `E2E ${RUN}:`;
const INCIDENT = `e2e: notification check ${RUN}`;
const M = NOTIFICATION_MESSAGES;

let workflowPath = '';
let incidentPath = '';
/** The admin's unread count once the delivery was made (other workflows may have sent them more meanwhile). */
let unreadAfter = 0;

/** A fact of a detail page (antd Descriptions cells). */
const fact = (page: Page, label: string) => page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }).first();
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Picks an option of the dialog's antd Select labelled `label` until the field shows it (a click on a dropdown still
 * moving may land on a neighbouring option: helpers.ts chooseOption), and closes its dropdown.
 */
async function choose(dialog: Locator, label: string, option: string, title: string): Promise<void> {
  const page = dialog.page();
  await chooseOption(page, dialog.getByLabel(label, { exact: true }), option);
  if (await openDropdown(page).count()) await dialog.getByText(title, { exact: true }).click();
  await expect(openDropdown(page)).toHaveCount(0);
}

const unread = async (page: Page) => (await apiGet<{ unread: number }>(page, notificationsApi.inboxUnread.path)).unread;

test.describe.serial('notification workflow: create → event → delivery, bell and statistics', () => {
  test('an operator creates a workflow: the form validates first, then its page opens', async ({ browser }) => {
    const page = await signedInPage(browser, '/notification', OPERATOR);
    await expect(page.getByRole('table', { name: 'Notification workflows' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Workflow' });
    // Nothing filled: name, trigger and (in-portal is on by default) the audience are missing; nothing is sent.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(M.nameRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(M.triggerRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(M.audienceRequired, { exact: true })).toBeVisible();

    await dialog.getByLabel('Name').fill(NAME);
    await choose(dialog, 'Trigger', 'Incident opened', 'Create Workflow');
    await expect(dialog.getByRole('checkbox', { name: 'In-portal' })).toBeChecked();
    await dialog.getByLabel('Subject').fill(`${SUBJECT_PREFIX} {{title}}`);
    // The audience: the admin, by email (a tag).
    const users = dialog.getByLabel('Users', { exact: true });
    await users.click();
    await users.fill(ADMIN);
    await users.press('Enter');
    if (await openDropdown(page).count()) await dialog.getByText('Create Workflow', { exact: true }).click();
    await expect(dialog.locator('.ant-select-selection-item').filter({ hasText: ADMIN })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(`${SUBJECT_PREFIX} INC-1042 opened`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, M.created);
    await expect(dialog).toBeHidden();

    await page.waitForURL(/\/notification\/detail\/\d+$/);
    workflowPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: `Workflow: ${NAME}` })).toBeVisible();
    await expect(fact(page, 'Trigger')).toContainText('Incident opened');
    await expect(fact(page, 'Channels')).toContainText('In-portal');
    await expect(fact(page, 'Audience')).toContainText(`Users: ${ADMIN}`);
    await expect(page.getByRole('table', { name: 'Deliveries' })).toContainText('No deliveries yet');
    await page.context().close();
  });

  test('an incident opened → the delivery to the admin is listed on the workflow’s page', async ({ browser }) => {
    const page = await signedInPage(browser, '/incidents', OPERATOR);
    await expect(page.getByRole('table', { name: 'Incidents' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Incident' });
    await dialog.getByLabel('Title').fill(INCIDENT);
    await choose(dialog, 'Severity', 'SEV3', 'Create Incident');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, INCIDENT_MESSAGES.created);
    await page.waitForURL(/\/incidents\/INC-\d+$/);
    incidentPath = new URL(page.url()).pathname;
    const incidentId = incidentPath.split('/').at(-1)!;

    // The delivery is a durable job: it shows once it ran (Refresh reads the list again).
    await page.goto(page.url().replace(incidentPath, workflowPath));
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    const row = deliveries.getByRole('row').filter({ hasText: incidentId });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toContainText('sent', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText('In-portal');
    await expect(row).toContainText(ADMIN);
    await expect(row.getByRole('link', { name: new RegExp(incidentId) })).toHaveAttribute('href', incidentPath);
    // The row opens to the message as the workflow's template rendered it.
    await row.getByRole('button', { name: 'Expand row' }).click();
    await expect(deliveries).toContainText(`${SUBJECT_PREFIX} Incident opened: ${incidentId} ${INCIDENT}`);
    await page.context().close();
  });

  test('the admin sees it under the bell; opening it marks it read and leads to the incident', async ({ browser }) => {
    const admin = await signedInPage(browser, '/overview', ADMIN);
    unreadAfter = await unread(admin);
    expect(unreadAfter).toBeGreaterThan(0);
    const bell = admin.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(`Notifications: ${unreadAfter} unread`);
    await bell.click();
    const panel = admin.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link').filter({ hasText: SUBJECT_PREFIX });
    await expect(item).toContainText(INCIDENT);
    await expect(item.getByLabel('Unread')).toBeVisible();
    await item.click();
    await admin.waitForURL(`**${incidentPath}`);
    await expect(panel).toBeHidden();
    const left = unreadAfter - 1;
    await expect(bell).toHaveAccessibleName(left ? `Notifications: ${left} unread` : 'Notifications');

    // Read in the bell → the delivery is opened.
    await admin.goto(admin.url().replace(incidentPath, workflowPath));
    const row = admin.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: INCIDENT });
    await expect(row).toContainText('opened');
    await admin.context().close();
  });

  test('its statistics count it sent and opened, as a chart and a table; its audit logs list the creation', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, workflowPath, OPERATOR);
    await page.getByRole('link', { name: 'Statistics' }).click();
    const id = workflowPath.split('/').at(-1)!;
    await page.waitForURL(`**/notification/${id}/statistics`);
    await expect(page.getByRole('heading', { name: `Statistics: ${NAME}` })).toBeVisible();
    await expect(page.getByLabel('Totals')).toContainText(/Sent\s*1\s*Failed\s*0\s*Opened\s*1\s*Pending\s*0/);
    await expect(
      page.getByRole('img', { name: /^Deliveries per day: sent, failed, opened: Sent 1 in total/ }),
    ).toBeVisible();
    await expect(page.locator('.ts-chart canvas')).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    const day = page.getByRole('table', { name: 'Deliveries per day' }).getByRole('row').filter({ hasText: today });
    await expect(day.getByRole('cell')).toHaveText([today, '1', '0', '1', '0', '100%']);

    await page.goto(page.url().replace(/\/notification\/.*$/, `${workflowPath}?tab=audit`));
    const audit = page.getByRole('table', { name: 'Audit logs' });
    await expect(audit.getByRole('cell', { name: 'create', exact: true })).toBeVisible();
    const logs = await apiGet<ListResult<AuditLog>>(page, auditsApi.list.path, {
      type: 'notification_workflow',
      instance_id: id,
    });
    expect(logs.items.map((l) => `${l.operation}:${l.operator}`)).toContain(`create:${OPERATOR}`);
    await page.context().close();
  });
});
