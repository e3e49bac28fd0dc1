import { expect, test, type Locator, type Page } from '@playwright/test';
import { auditsApi, INCIDENT_MESSAGES, incidentsApi, incidentStatusChangeText, orgsApi } from '@portal/contract';
import type { AuditLog, Cluster, Incident, IncidentTodo, ListResult } from '@portal/contract';
import { ancestorWithClass, apiGet, baseUrl, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * An incident through the UI (spec §2 /incidents, /incidents/{incident_id}; §7 incidents, logs, post-mortem todo
 * actions; §8 messages): an operator opens an incident on a cluster (the form validates first), acknowledges it, adds
 * a note to its timeline and a post-mortem todo action, resolves it after a confirmation; the incident is Resolved
 * on its page and in the list, the timeline records the moves, and its audit logs list every step. The title carries
 * the time of the run, so reruns against the same database never collide; the cluster is only read.
 */

const RUN = Date.now();
const TITLE = `e2e: orders API 5xx ${RUN}`;
const DESCRIPTION = 'e2e: checkout fails for a third of the requests';
const NOTE = `e2e: failed over the PD leader (${RUN})`;
const TODO = `e2e: alert on PD leader changes (${RUN})`;

/** A fact of a detail page (antd Descriptions cells). */
const fact = (page: Page, label: string) => page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }).first();
const header = (page: Page) => page.locator('.page-header');
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Picks an option of the dialog's antd Select labelled `label` (typing `search` first, if given) and waits until it
 * shows as chosen. A multiple select stays open after a click: it is closed by clicking the dialog's title.
 */
async function choose(dialog: Locator, label: string, option: string, search?: string): Promise<void> {
  const page = dialog.page();
  const field = dialog.getByLabel(label, { exact: true });
  const item = ancestorWithClass(field, 'ant-form-item');
  await field.click();
  if (search) await field.fill(search);
  await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(item.getByTitle(option, { exact: true })).toBeVisible();
  if (await openDropdown(page).count()) await dialog.getByText('Create Incident', { exact: true }).click();
  await expect(openDropdown(page)).toHaveCount(0);
}

test('incident: open → add a log → post-mortem todo → resolve → Resolved, timeline and audit listed', async ({
  browser,
}) => {
  const page = await signedInPage(browser, '/incidents', OPERATOR);
  const { items } = await apiGet<ListResult<Cluster>>(page, orgsApi.clusters.path, {
    cluster_type: 'DEDICATED_TIDB',
    status: 'USER_CLUSTER_STATUS_AVAILABLE',
    sort: 'name',
    per_page: 1,
  });
  const cluster = items[0]!;

  // Create Incident: nothing filled, the form says what it needs and sends nothing.
  await expect(page.getByRole('table', { name: 'Incidents' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Incident' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(INCIDENT_MESSAGES.titleRequired, { exact: true })).toBeVisible();
  await expect(dialog.getByText(INCIDENT_MESSAGES.severityRequired, { exact: true })).toBeVisible();

  await dialog.getByLabel('Title').fill(TITLE);
  await choose(dialog, 'Severity', 'SEV2 · Major');
  await dialog.getByLabel('Commander').fill(OPERATOR);
  // The clusters select searches the orgs API (by id exactly, or by name).
  await choose(dialog, 'Affected clusters', `${cluster.name} (${cluster.id})`, cluster.id);
  await dialog.getByLabel('Description').fill(DESCRIPTION);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, INCIDENT_MESSAGES.created);
  await expect(dialog).toBeHidden();

  // Its page opens: open, on the cluster (and so its tenant), commanded by the operator.
  await page.waitForURL(/\/incidents\/INC-\d+$/);
  const id = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: `${id} ${TITLE}` })).toBeVisible();
  await expect(fact(page, 'Status')).toContainText('Open');
  await expect(fact(page, 'Severity')).toContainText('SEV2 · Major');
  await expect(fact(page, 'Commander')).toContainText(OPERATOR);
  await expect(fact(page, 'Affected').getByRole('link', { name: cluster.id })).toHaveAttribute(
    'href',
    `/orgs/${cluster.tenant_id}/clusters/${cluster.id}`,
  );
  await expect(page.getByText(DESCRIPTION)).toBeVisible();

  // Acknowledge: at once.
  await header(page).getByRole('button', { name: 'Acknowledge' }).click();
  await expectToast(page, INCIDENT_MESSAGES.saved);
  await expect(fact(page, 'Status')).toContainText('Acknowledged');
  await expect(header(page).getByRole('button', { name: 'Acknowledge' })).toBeDisabled();

  // A note on the timeline (the first tab), newest first.
  const timeline = page.getByRole('table', { name: 'Timeline' });
  await page.getByRole('button', { name: 'Add log' }).click();
  await expect(page.getByText(INCIDENT_MESSAGES.logTextRequired, { exact: true })).toBeVisible();
  await page.getByLabel('Add log').fill(NOTE);
  await page.getByRole('button', { name: 'Add log' }).click();
  await expect(timeline.getByRole('row').nth(1)).toContainText(NOTE);
  await expect(page.getByLabel('Add log')).toHaveValue('');

  // A post-mortem todo action.
  await page.getByRole('tab', { name: 'Post-mortem' }).click();
  await page.getByRole('button', { name: 'Add todo' }).click();
  const todoDialog = page.getByRole('dialog', { name: 'Add todo action' });
  await todoDialog.getByLabel('Title').fill(TODO);
  await todoDialog.getByRole('button', { name: 'Add' }).click();
  await expect(todoDialog).toBeHidden();
  const todos = page.getByRole('table', { name: 'Post-mortem todo actions' });
  await expect(todos.getByRole('row').filter({ hasText: TODO })).toContainText('open');

  // Resolve asks first.
  await header(page).getByRole('button', { name: 'Resolve' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Resolve ${id}?` });
  await confirm.getByRole('button', { name: 'Resolve' }).click();
  await expect(confirm).toBeHidden();
  await expect(fact(page, 'Status')).toContainText('Resolved');
  await expect(fact(page, 'Resolved At')).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(header(page).getByRole('button', { name: 'Resolve' })).toBeDisabled();
  await expect(header(page).getByRole('button', { name: 'Reopen' })).toBeEnabled();

  // The timeline recorded the moves.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(timeline).toContainText(incidentStatusChangeText('resolved', OPERATOR));
  await expect(timeline).toContainText(incidentStatusChangeText('acknowledged', OPERATOR));

  // Every step is in its audit logs.
  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  const audit = page.getByRole('table', { name: 'Audit logs' });
  for (const operation of ['create', 'acknowledge', 'add_log', 'create_todo', 'resolve'])
    await expect(audit.getByRole('cell', { name: operation, exact: true })).toBeVisible();
  const logs = await apiGet<ListResult<AuditLog>>(page, auditsApi.list.path, {
    type: 'incident',
    instance_id: id,
    sort: 'operate_at',
  });
  expect(logs.items.map((l) => `${l.operation}:${l.operator}`)).toEqual(
    ['create', 'acknowledge', 'add_log', 'create_todo', 'resolve'].map((op) => `${op}:${OPERATOR}`),
  );

  // What the API says now, and the list shows it resolved.
  const { incident } = await apiGet<{ incident: Incident }>(page, incidentsApi.detail.path.replace(':id', id));
  expect(incident).toMatchObject({ status: 'resolved', title: TITLE, commander: OPERATOR });
  expect(incident.clusters.map((c) => c.id)).toEqual([cluster.id]);
  const todoList = await apiGet<ListResult<IncidentTodo>>(page, incidentsApi.todos.path.replace(':id', id));
  expect(todoList.items.map((t) => t.title)).toEqual([TODO]);

  await page.goto(`${baseUrl()}/incidents?search=${encodeURIComponent(String(RUN))}&status=resolved`);
  const row = page
    .getByRole('table', { name: 'Incidents' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: id, exact: true }) });
  await expect(row).toContainText('Resolved');
  await expect(row).toContainText('SEV2 · Major');
  await page.context().close();
});
