import { expect, test, type Locator, type Page } from '@playwright/test';
import { auditsApi, MAINTENANCE_MESSAGES, maintenanceApi, orgsApi } from '@portal/contract';
import type { AuditLog, Cluster, ListResult, Maintenance, MaintenanceDetail, Tenant } from '@portal/contract';
import { apiGet, baseUrl, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * A maintenance through the UI (spec §2 /maintenance, /maintenance/{id}; §4 Maintenance; §8 browser confirmations and
 * messages): an operator creates a maintenance of three clusters of one project scheduled now; its window job opens
 * it (Running); the operator starts and finishes the first execution, cancels the second with a reason typed into
 * the browser prompt, and closes the maintenance, which cancels the third; it is Closed and its audit logs list every
 * step. The project is picked fresh from the demo seed: its available dedicated clusters are in no maintenance, and
 * it is the last such project by id (the other specs pick the first clusters).
 */

const REASON = 'e2e: the customer asked to postpone';
const DESCRIPTION = 'e2e: rolling restart of the TiKV nodes';

interface Picked {
  tenant: Tenant;
  projectId: string;
  projectName: string;
  clusters: Cluster[];
}

async function pickProject(page: Page): Promise<Picked> {
  const { items } = await apiGet<ListResult<Cluster>>(page, orgsApi.clusters.path, {
    cluster_type: 'DEDICATED_TIDB',
    status: 'USER_CLUSTER_STATUS_AVAILABLE',
    per_page: 1000,
  });
  const maintenances = await apiGet<ListResult<Maintenance>>(page, maintenanceApi.list.path, { per_page: 1000 });
  const busyProjects = new Set(maintenances.items.map((m) => m.project_id));
  const busyClusters = new Set(maintenances.items.flatMap((m) => m.cluster_ids));
  const byProject = new Map<string, Cluster[]>();
  for (const c of items) {
    if (busyProjects.has(c.project_id) || busyClusters.has(c.id)) continue;
    byProject.set(c.project_id, [...(byProject.get(c.project_id) ?? []), c]);
  }
  const [projectId, clusters] = [...byProject.entries()]
    .filter(([, list]) => list.length >= 3)
    .sort((a, b) => (a[0] < b[0] ? 1 : -1))[0]!;
  const tenant = await apiGet<Tenant>(page, orgsApi.tenant.path.replace(':id', clusters[0]!.tenant_id));
  const sorted = [...clusters].sort((a, b) => a.name.localeCompare(b.name)).slice(0, 3);
  return { tenant, projectId, projectName: clusters[0]!.project_name, clusters: sorted };
}

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Picks options in the dialog's antd Select labelled `label` (typing `search` into it first, if given) as a user does,
 * one click each (again if a click was lost), and waits until each shows as chosen and the field's "required" message
 * has gone: the dialog's layout shifts while those messages leave (the dropdown follows its field a moment later), so
 * the next click waits for it to settle. A multiple select stays open after a click: it is closed by clicking outside
 * it, on the dialog's title (not Tab: antd's Select takes Tab like Enter, toggling the highlighted option, i.e.
 * unselecting the last one clicked; not Escape: that is the dialog's).
 */
async function choose(dialog: Locator, label: string, titles: string[], search?: string): Promise<void> {
  const page = dialog.page();
  const field = dialog.getByLabel(label);
  const item = dialog.locator('.ant-form-item').filter({ has: page.getByLabel(label) });
  await expect(field).toBeEnabled();
  for (const title of titles) {
    // Chosen again if a click landed while the dropdown was still moving (helpers.ts: chooseOption).
    await chooseOption(page, field, { title }, search);
    await expect(item.getByTitle(title, { exact: true })).toBeVisible();
    await expect(item.getByRole('alert')).toHaveCount(0);
  }
  if (titles.length > 1) await dialog.getByText('New Maintenance', { exact: true }).click();
  await expect(openDropdown(page)).toHaveCount(0);
  for (const title of titles) await expect(item.getByTitle(title, { exact: true })).toBeVisible();
}

const headerStatus = (page: Page, status: string) => page.locator('.page-header').getByText(status, { exact: true });
const executionRow = (page: Page, clusterId: string) =>
  page.getByRole('table', { name: 'Executions' }).getByRole('row').filter({ hasText: clusterId });

test('maintenance: create → it runs → start, finish, cancel an execution → close → Closed, audit listed', async ({
  browser,
}) => {
  const page = await signedInPage(browser, '/maintenance', OPERATOR);
  const picked = await pickProject(page);
  const [first, second, third] = picked.clusters as [Cluster, Cluster, Cluster];

  // The list, reachable from the menu.
  await expect(page.getByRole('table', { name: 'Maintenances' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'New Maintenance' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Maintenance' });
  // Nothing chosen: the form says what it needs and sends nothing.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('project is required', { exact: true })).toBeVisible();

  await choose(dialog, 'Tenant', [`${picked.tenant.name} (${picked.tenant.id})`], picked.tenant.id);
  await choose(dialog, 'Project', [`${picked.projectName} (${picked.projectId})`]);
  await choose(
    dialog,
    'Clusters',
    [first, second, third].map((c) => `${c.name} (${c.id})`),
  );
  // The schedule time defaults to now and the deadline to four hours later.
  await dialog.getByLabel('Description').click();
  await dialog.getByLabel('Description').fill(DESCRIPTION);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  await page.waitForURL(/\/maintenance\/\d+$/);
  const id = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: `Maintenance ${id}` })).toBeVisible();
  // Its window job opens it at the schedule time (now): the page re-reads it until then.
  await expect(headerStatus(page, 'Running')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: picked.projectId })).toBeVisible();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();

  // Every action asks in the browser first (spec §8); a cancel asks for its reason.
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.message());
    void (d.type() === 'prompt' ? d.accept(REASON) : d.accept());
  });

  const detail = await apiGet<MaintenanceDetail>(page, maintenanceApi.detail.path.replace(':id', id));
  const executionOf = (c: Cluster) => detail.executions.find((e) => e.cluster_id === c.id)!;

  const row1 = executionRow(page, first.id);
  await row1.getByRole('button', { name: `Start execution ${executionOf(first).id}` }).click();
  await expectToast(page, MAINTENANCE_MESSAGES.start.success);
  await expect(row1).toContainText('Running');
  await row1.getByRole('button', { name: `Finish execution ${executionOf(first).id}` }).click();
  await expectToast(page, MAINTENANCE_MESSAGES.finish.success);
  await expect(row1).toContainText('Finished');

  const row2 = executionRow(page, second.id);
  await row2.getByRole('button', { name: `Cancel execution ${executionOf(second).id}` }).click();
  await expectToast(page, MAINTENANCE_MESSAGES.cancel.success);
  await expect(row2).toContainText('Cancelled');
  await expect(row2).toContainText(REASON);
  // The cluster id links to the cluster's page.
  await expect(row2.getByRole('link', { name: second.id })).toHaveAttribute(
    'href',
    `/orgs/${second.tenant_id}/clusters/${second.id}`,
  );

  await page.getByRole('button', { name: 'Close the Maintenance' }).click();
  await expectToast(page, MAINTENANCE_MESSAGES.close.success);
  await expect(headerStatus(page, 'Closed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close the Maintenance' })).toBeDisabled();
  const row3 = executionRow(page, third.id);
  await expect(row3).toContainText('Cancelled');
  await expect(row3).toContainText(`The maintenance was closed: Closed by ${OPERATOR}`);
  for (const c of [first, second, third])
    for (const action of ['Start', 'Finish', 'Cancel'])
      await expect(
        executionRow(page, c.id).getByRole('button', { name: `${action} execution ${executionOf(c).id}` }),
      ).toBeDisabled();
  expect(asked).toEqual([
    `Start execution ${executionOf(first).id} on cluster ${first.id}?`,
    `Finish execution ${executionOf(first).id} on cluster ${first.id}?`,
    `Cancel execution ${executionOf(second).id} on cluster ${second.id}? Reason (optional):`,
    `Close maintenance ${id}? Executions not finished yet are cancelled, and its clusters leave the window.`,
  ]);

  // The audit logs list every step.
  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  const audit = page.getByRole('tabpanel');
  for (const operation of ['create', 'open_window', 'start_execution', 'finish_execution', 'cancel_execution', 'close'])
    await expect(audit.getByText(operation, { exact: true })).toBeVisible();
  const rows = await apiGet<ListResult<AuditLog>>(page, auditsApi.list.path, {
    type: 'cluster_maintenance',
    instance_id: id,
    sort: 'operate_at',
  });
  expect(rows.items.map((r) => r.operation)).toEqual([
    'create',
    'open_window',
    'start_execution',
    'finish_execution',
    'cancel_execution',
    'close',
  ]);

  // The list shows it Closed; the cluster's Maintenance tab lists it too.
  await page.goto(`${baseUrl()}/maintenance?status=Closed&project_id=${picked.projectId}`);
  await expect(page.getByRole('table', { name: 'Maintenances' }).getByRole('link', { name: id })).toBeVisible();
  await page.goto(`${baseUrl()}/orgs/${first.tenant_id}/clusters/${first.id}?tab=maintenance`);
  await expect(page.getByRole('table', { name: 'Maintenances' }).getByRole('link', { name: id })).toBeVisible();
  await page.context().close();
});
