import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  auditsApi,
  compareK8sVersions,
  K8S_MESSAGES,
  K8S_VERSIONS,
  k8sApi,
  maintenanceApi,
  MAX_PAGE_SIZE,
} from '@portal/contract';
import type { AuditLog, K8sInfo, K8sInfoDetail, K8sUpgradeTaskDetail, ListResult, Maintenance } from '@portal/contract';
import { apiGet, baseUrl, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * Kubernetes upgrade tasks through the UI (issue 12; spec §2 /k8sUpgradeTask, /k8sUpgradeTask/{task_id},
 * /k8sUpgradeTask/{task_id}/k8sCluster/{k8s_name}, /infraInformation/{k8s_name}; §4 submit, close): an operator
 * creates a task upgrading two k8s clusters in two batches, submits it and watches both batches run as operations to
 * succeeded, closes it; the audit trail lists every step and the infrastructure pages show the new version.
 *
 * The two clusters are picked fresh from the demo fleet (seed/k8s.ts): the first two, by name, of the oldest version
 * that has two healthy clusters in no open task and hosting no tenant cluster of a maintenance that is not closed
 * (the maintenance window guard refuses an upgrade batch touching a cluster inside an open window: the demo seeds
 * open windows relative to the real clock), upgraded to the next minor version. No other spec touches the k8s fleet.
 */

/** Each cluster's upgrade is an operation of ~3 s in the built app; two batches, one after the other. */
const SLOW = { timeout: 30_000 };

interface Picked {
  from: string;
  target: string;
  first: string;
  second: string;
}

async function pickClusters(page: Page): Promise<Picked> {
  const fleet = await apiGet<ListResult<K8sInfo>>(page, k8sApi.infos.path, { per_page: MAX_PAGE_SIZE, sort: 'name' });
  const maintenances = await apiGet<ListResult<Maintenance>>(page, maintenanceApi.list.path, {
    per_page: MAX_PAGE_SIZE,
  });
  const held = new Set(maintenances.items.filter((m) => m.status !== 'Closed').flatMap((m) => m.cluster_ids));
  const free = fleet.items.filter((i) => !i.open_task && i.health === 'healthy');
  // Oldest version first; a cluster's tenant clusters are read only while its version is still a candidate.
  for (const from of [...new Set(free.map((i) => i.version))].sort(compareK8sVersions)) {
    const next = K8S_VERSIONS.find((v) => compareK8sVersions(v, from) > 0);
    if (!next) continue;
    const pair: string[] = [];
    for (const info of free.filter((i) => i.version === from)) {
      const detail = await apiGet<K8sInfoDetail>(page, k8sApi.info.path.replace(':k8s_name', info.name));
      if (!detail.hosted_clusters.some((c) => held.has(c.id))) pair.push(info.name);
      if (pair.length === 2) return { from, target: next, first: pair[0]!, second: pair[1]! };
    }
  }
  throw new Error('no two free, healthy k8s clusters of one version in the demo fleet');
}

/** A fact of a detail page (antd Descriptions cells). */
const fact = (page: Page, label: string) => page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }).first();

/** Opens an antd Select, types to search, and chooses the option titled `title` (until the field shows it). */
async function choose(page: Page, field: Locator, title: string, search = false): Promise<void> {
  await chooseOption(page, field, { title }, search ? title : undefined);
}

/**
 * Closes a multiple Select's dropdown, which stays open after a pick: by leaving the field (not Escape: that would
 * close the dialog; not a click elsewhere: the dropdown may open upwards over the dialog's other fields).
 */
async function leave(page: Page, field: Locator): Promise<void> {
  await field.blur();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

let picked: Picked;
let taskId = '';
const taskPath = () => `/k8sUpgradeTask/${taskId}`;
const name = () => `e2e: ${picked.first} then ${picked.second} to ${picked.target}`;

/** The operator's signed-in session (its local storage), saved once: each test opens its own context with it. */
let session: Awaited<ReturnType<BrowserContext['storageState']>>;

/** A new context as the signed-in operator, at `path` (no sign-in round trip: the session is already stored). */
async function operatorPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext({ storageState: session })).newPage();
  await page.goto(baseUrl() + path);
  return page;
}

test.beforeAll(async ({ browser }) => {
  const page = await signedInPage(browser, '/overview', OPERATOR);
  picked = await pickClusters(page);
  session = await page.context().storageState();
  await page.context().close();
});

test.describe.serial('k8s upgrade task: create in two batches, submit, run to succeeded, close', () => {
  test('operator creates a task with two batches (the form validates first)', async ({ browser }) => {
    const page = await operatorPage(browser, '/k8sUpgradeTask');
    await expect(page.getByRole('heading', { name: 'K8s Upgrade Tasks' })).toBeVisible();
    await page.getByRole('button', { name: 'New Upgrade Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Upgrade Task' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(K8S_MESSAGES.nameRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(K8S_MESSAGES.targetVersionRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(K8S_MESSAGES.batchEmpty, { exact: true })).toBeVisible();

    await dialog.getByLabel('Name', { exact: true }).fill(name());
    await choose(page, dialog.getByLabel('Target version', { exact: true }), picked.target);
    const batch1 = dialog.getByLabel('Batch 1 clusters', { exact: true });
    await choose(page, batch1, picked.first, true);
    await leave(page, batch1);
    await dialog.getByRole('button', { name: 'Add Batch' }).click();
    const batch2 = dialog.getByLabel('Batch 2 clusters', { exact: true });
    await choose(page, batch2, picked.second, true);
    await leave(page, batch2);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, K8S_MESSAGES.created);
    await expect(dialog).toBeHidden();

    // The new task's page opens: a draft with the two batches in order.
    await page.waitForURL(/\/k8sUpgradeTask\/\d+$/);
    taskId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { name: `Upgrade Task ${taskId}: ${name()}` })).toBeVisible();
    await expect(fact(page, 'Status')).toContainText('draft');
    await expect(fact(page, 'Target Version')).toContainText(picked.target);
    for (const [i, k8s] of [picked.first, picked.second].entries()) {
      const batch = page.getByRole('table', { name: `Batch ${i + 1} clusters` });
      await expect(batch.getByRole('link', { name: k8s })).toHaveAttribute(
        'href',
        `/k8sUpgradeTask/${taskId}/k8sCluster/${k8s}`,
      );
      await expect(batch).toContainText('pending');
    }
    await expect(page.getByRole('button', { name: 'Close' })).toBeDisabled();
    // In an open task, the clusters cannot go into another one: the fleet says so.
    const first = await apiGet<K8sInfoDetail>(page, k8sApi.info.path.replace(':k8s_name', picked.first));
    expect(first.open_task?.task_id).toBe(taskId);
    await page.context().close();
  });

  test('operator submits it; both batches run as operations to succeeded', async ({ browser }) => {
    const page = await operatorPage(browser, taskPath());
    await expect(fact(page, 'Status')).toContainText('draft');
    await page.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog', { name: `Submit upgrade task ${taskId}?` });
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, K8S_MESSAGES.submitted);
    await expect(fact(page, 'Status')).toContainText('running');
    // The batch under way shows each upgrade's live progress, linked to its operation (a batch takes ~3 s).
    const live = page.getByRole('region', { name: 'Current batch' });
    await expect(live.getByRole('link', { name: /^Operation \d+$/ }).first()).toBeVisible();

    // The page follows the task: batch 1, then batch 2, each upgrade an operation, until it succeeded.
    await expect(fact(page, 'Status')).toContainText('succeeded', SLOW);
    await expect(fact(page, 'Progress')).toContainText('2/2 upgraded');
    const operations: string[] = [];
    for (const [i, k8s] of [picked.first, picked.second].entries()) {
      const region = page.getByRole('region', { name: `Batch ${i + 1}`, exact: true });
      await expect(region.getByText('succeeded', { exact: true }).first()).toBeVisible();
      const row = page
        .getByRole('table', { name: `Batch ${i + 1} clusters` })
        .getByRole('row')
        .filter({ hasText: k8s });
      await expect(row).toContainText('succeeded');
      await expect(row).toContainText(picked.target);
      const link = row.getByRole('link', { name: /^\d+$/ });
      const id = (await link.textContent())!;
      await expect(link).toHaveAttribute('href', `/operations/${id}`);
      operations.push(id);
    }
    expect(new Set(operations).size).toBe(2);
    const task = await apiGet<K8sUpgradeTaskDetail>(page, k8sApi.task.path.replace(':task_id', taskId));
    expect(task.batches.map((b) => b.status)).toEqual(['succeeded', 'succeeded']);

    // The per-cluster page of the second one: its batch, its operation's steps, the pools on the new version.
    await page.getByRole('table', { name: 'Batch 2 clusters' }).getByRole('link', { name: picked.second }).click();
    await page.waitForURL(new RegExp(`/k8sUpgradeTask/${taskId}/k8sCluster/${picked.second}$`));
    await expect(fact(page, 'Batch')).toContainText('2 of 2');
    await expect(fact(page, 'Status')).toContainText('succeeded');
    const steps = page.getByRole('table', { name: 'Operation steps' });
    await expect(steps.getByRole('row').filter({ hasText: 'Upgrade the control plane' })).toContainText('succeeded');
    await page.getByRole('tab', { name: 'Node Pools' }).click();
    await expect(page.getByRole('table', { name: 'Node pools before and after' })).toContainText(picked.target);

    // Its operation links back to the k8s cluster.
    await fact(page, 'Operation').getByRole('link').click();
    await page.waitForURL(new RegExp(`/operations/${operations[1]}$`));
    await expect(fact(page, 'Status')).toContainText('succeeded');
    await expect(fact(page, 'Target').getByRole('link', { name: picked.second })).toHaveAttribute(
      'href',
      `/infraInformation/${picked.second}`,
    );
    await page.context().close();
  });

  test('operator closes it → closed; the audit trail lists every step', async ({ browser }) => {
    const page = await operatorPage(browser, taskPath());
    await expect(fact(page, 'Status')).toContainText('succeeded');
    await page.getByRole('button', { name: 'Close' }).click();
    const confirm = page.getByRole('dialog', { name: `Close upgrade task ${taskId}?` });
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expectToast(page, K8S_MESSAGES.closed);
    await expect(confirm).toBeHidden();
    await expect(fact(page, 'Status')).toContainText('closed');
    await expect(fact(page, 'Closed At')).toContainText(/\d{4}-\d{2}-\d{2}/);
    // (Button names carry their icon's label too: "check-circle Close".)
    for (const action of ['Edit', 'Submit', 'Cancel', 'Close'])
      await expect(page.getByRole('button', { name: action })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete' })).toBeEnabled();

    await page.getByRole('tab', { name: 'Audit Logs' }).click();
    const audit = page.getByRole('table', { name: 'Audit logs' });
    // The newest rows on the tab's first page; the whole trail, in order, through the API.
    for (const operation of ['close', 'succeed', 'batch_succeeded'])
      await expect(audit.getByRole('cell', { name: operation, exact: true }).first()).toBeVisible();
    const logs = await apiGet<ListResult<AuditLog>>(page, auditsApi.list.path, {
      type: 'k8s_upgrade_task',
      instance_id: taskId,
      sort: 'operate_at',
      per_page: 100,
    });
    const operations = logs.items.map((l) => l.operation);
    const expected = [
      'create',
      'submit',
      'batch_started',
      'cluster_upgraded',
      'batch_succeeded',
      'batch_started',
      'cluster_upgraded',
      'batch_succeeded',
      'succeed',
      'close',
    ];
    expect(operations.filter((op) => expected.includes(op))).toEqual(expected);
    await page.context().close();
  });

  test('the infrastructure pages show the new version and the upgrade', async ({ browser }) => {
    const page = await operatorPage(browser, `/infraInformation?search=${picked.first}`);
    const list = page.getByRole('table', { name: 'Kubernetes clusters' });
    const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: picked.first, exact: true }) });
    await expect(row).toContainText(picked.target);
    await row.getByRole('link', { name: picked.first, exact: true }).click();
    await page.waitForURL(new RegExp(`/infraInformation/${picked.first}$`));
    await expect(fact(page, 'Version')).toContainText(picked.target);
    await expect(fact(page, 'Open Upgrade Task')).toContainText('-');
    await page.getByRole('tab', { name: 'Upgrade History' }).click();
    const history = page.getByRole('table', { name: 'Upgrade history' });
    const upgrade = history.getByRole('row').filter({ hasText: name() });
    await expect(upgrade).toContainText('closed');
    await expect(upgrade).toContainText('succeeded');
    await expect(upgrade).toContainText(`${picked.from} → ${picked.target}`);
    await expect(upgrade.getByRole('link', { name: name() })).toHaveAttribute('href', taskPath());
    // Every node pool moved with the control plane.
    await page.getByRole('tab', { name: 'Node Pools' }).click();
    const pools = page
      .getByRole('table', { name: 'Node pools' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    for (const pool of await pools.all()) await expect(pool).toContainText(picked.target);
    await page.context().close();
  });
});
