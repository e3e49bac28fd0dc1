import { expect, test, type Page } from '@playwright/test';
import { auditsApi, configchangeApi, orgsApi, ticdcApi } from '@portal/contract';
import type { AuditLog, Cluster, ClusterConfiguration, ConfigChange, ListResult, TicdcCluster } from '@portal/contract';
import { ADMIN, apiGet, baseUrl, expectToast, OPERATOR, signedInPage, signInAt, toast } from './helpers.js';

/**
 * Change control through the UI (spec §2 config editor and /confighistories, §4 phases, §5 messages, §8 messages):
 * an operator proposes a parameter change, an admin approves it, the operator applies it; TiCDC image change and
 * shutdown validation. Every cluster used here is picked fresh from the demo seed and touched by no other spec.
 */

const TIDB_PARAM = 'instance.max_connections';
const TIKV_PARAM = 'server.grpc-concurrency';
const NEW_TIDB_VALUE = '4321';
const NEW_TIKV_VALUE = '12';
const REASON = 'e2e: more connections and gRPC threads for the launch';
/** Operation steps take ~1.5 s each in the built app: wait for outcomes, never sleep. */
const SLOW = { timeout: 30_000 };

interface Picked {
  cluster: Cluster;
  imageTicdc: TicdcCluster;
  shutdownTicdc: TicdcCluster;
}

/**
 * Finds (through the API, read only) a changeable dedicated cluster with TiDB and TiKV, and two available TiCDC
 * clusters.
 */
async function pickTargets(page: Page): Promise<Picked> {
  const clusters = await apiGet<ListResult<Cluster>>(page, orgsApi.clusters.path, {
    cluster_type: 'DEDICATED_TIDB',
    status: 'USER_CLUSTER_STATUS_AVAILABLE',
    sort: '-created_at',
    per_page: 50,
  });
  let cluster: Cluster | undefined;
  for (const c of clusters.items) {
    // foundation.spec.ts browses Woodgrove Bank.
    if (c.tenant_name === 'Woodgrove Bank') continue;
    const config = await apiGet<{ configuration: ClusterConfiguration; changeable: boolean }>(
      page,
      configchangeApi.clusterConfig.path.replace(':cluster_id', c.id),
      {
        cluster_type: 'DEDICATED_TIDB',
      },
    );
    const types = config.configuration.files.map((f) => f.config_type);
    const history = await apiGet<ListResult<ConfigChange>>(
      page,
      configchangeApi.clusterHistory.path.replace(':cluster_id', c.id),
    );
    if (config.changeable && types.includes('tidb') && types.includes('tikv') && history.total === 0) {
      cluster = c;
      break;
    }
  }
  if (!cluster) throw new Error('no changeable DEDICATED_TIDB cluster in the demo seed');
  const ticdc = await apiGet<ListResult<TicdcCluster>>(page, ticdcApi.clusters.path, {
    status: 'available',
    sort: '-created_at',
    per_page: 50,
  });
  const free = ticdc.items.filter((t) => t.cluster_id !== cluster.id);
  const [imageTicdc, shutdownTicdc] = [free[0], free.find((t) => t.cluster_id !== free[0]?.cluster_id)];
  if (!imageTicdc || !shutdownTicdc) throw new Error('not enough available TiCDC clusters in the demo seed');
  return { cluster, imageTicdc, shutdownTicdc };
}

/** A fact of a detail page (the facts card comes before the tabs, whose Approval Info has facts of its own). */
const fact = (page: Page, label: string) => page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }).first();
const phaseFact = (page: Page) => fact(page, 'Phase');

const clusterPath = (c: Cluster) => `/orgs/${c.tenant_id}/clusters/${c.id}`;
const ticdcPath = (t: TicdcCluster) => `/orgs/${t.tenant_id}/clusters/${t.cluster_id}/ticdc_clusters/${t.id}`;

/** Opens a parameter of the config editor's file tab by searching it, and returns its edit dialog. */
async function openParameter(page: Page, file: string, name: string) {
  const tab = page.getByRole('tab', { name: new RegExp(`^${file}\\b`) });
  await tab.click();
  // The file tab lives in the URL like the search does: let the first URL update land before the second.
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const search = page.getByRole('searchbox', { name: 'Search parameters by name' });
  await search.fill(name);
  await search.press('Enter');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

let picked: Picked;
let changeId = '';

test.beforeAll(async ({ browser }) => {
  const page = await signedInPage(browser, '/overview', OPERATOR);
  picked = await pickTargets(page);
  await page.context().close();
});

test.describe.serial('configuration change: propose, approve, apply', () => {
  test('operator edits an int parameter, previews and submits a change with a reason → approving', async ({ page }) => {
    const { cluster } = picked;
    await signInAt(page, clusterPath(cluster), OPERATOR);
    await page.getByRole('tab', { name: 'Current Config' }).click();
    const editor = page.getByLabel('Configuration editor');
    await expect(editor.getByRole('button', { name: 'Preview changes' })).toBeDisabled();

    // tidb: the §5 int message, verbatim, then a valid value.
    let dialog = await openParameter(page, 'tidb', TIDB_PARAM);
    const value = dialog.getByLabel('New value');
    await value.fill('12abc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('the input should be an int', { exact: true })).toBeVisible();
    await value.fill(' 42');
    await expect(dialog.getByText('please delete the whitespaces in the head and tail', { exact: true })).toBeVisible();
    await value.fill('');
    await expect(dialog.getByText('new int value is required', { exact: true })).toBeVisible();
    await value.fill(NEW_TIDB_VALUE);
    await expect(dialog.getByText('the input should be an int')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // tikv: a second file, so the apply restarts two components (check, TIKV, TIDB, persist).
    dialog = await openParameter(page, 'tikv', TIKV_PARAM);
    await dialog.getByLabel('New value').fill(NEW_TIKV_VALUE);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.getByText('Pending changes (2)')).toBeVisible();

    await editor.getByRole('button', { name: 'Preview changes' }).click();
    const drawer = page.getByRole('dialog', { name: 'Preview the change' });
    const changes = drawer.getByRole('region', { name: 'Parameter changes' });
    await expect(changes).toContainText(TIDB_PARAM);
    await expect(changes).toContainText(NEW_TIDB_VALUE);
    await expect(changes).toContainText(TIKV_PARAM);

    // The apply policies, in the spec §9 order; HotReload is not offered for a restart-only parameter.
    const policies = drawer.getByRole('radiogroup', { name: 'Apply policy' }).getByRole('radio');
    await expect(policies).toHaveCount(3);
    await expect(policies.nth(0)).toHaveAccessibleName(/^RollingRestart/);
    await expect(policies.nth(1)).toHaveAccessibleName(/^HotReload/);
    await expect(policies.nth(2)).toHaveAccessibleName(/^EnsureUpdateToTC/);
    await expect(policies.nth(0)).toBeChecked();
    await expect(policies.nth(1)).toBeDisabled();
    await expect(policies.nth(1)).toHaveAccessibleName(new RegExp(`${TIKV_PARAM} cannot be hot reloaded`));
    await policies.nth(2).check();
    await expect(drawer.getByText('EnsureUpdateToTC is used only for the shutdown operation.')).toBeVisible();
    await policies.nth(0).check();
    await expect(drawer.getByText('EnsureUpdateToTC is used only for the shutdown operation.')).toBeHidden();

    // The reason is required (§5), then the change is created and the page of the change opens.
    await drawer.getByRole('button', { name: 'Create' }).click();
    await expect(drawer.getByText('change reason is required', { exact: true })).toBeVisible();
    await drawer.getByLabel('Reason').fill(REASON);
    await drawer.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Create successful!');
    await page.waitForURL(/\/confighistories\/\d+$/);
    changeId = page.url().split('/').pop()!;
    await expect(toast(page, 'Create successful!').getByRole('link', { name: changeId })).toBeVisible();

    await expect(page.getByRole('heading', { name: `Configuration Change ${changeId}` })).toBeVisible();
    await expect(phaseFact(page)).toContainText('approving');
    await expect(fact(page, 'Applicant')).toContainText(OPERATOR);
    await expect(fact(page, 'Apply Policy')).toContainText('RollingRestart');
    await expect(fact(page, 'Reason')).toContainText(REASON);
    // Separation of duties: the applicant cannot decide their own change; nor can it be applied yet.
    const approval = page.getByLabel('Approval', { exact: true });
    await expect(approval.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(approval.getByRole('button', { name: 'Reject' })).toBeDisabled();
    // A disabled button takes no pointer events: its wrapper shows why on hover.
    await approval.locator('.approval-decision', { has: page.getByRole('button', { name: 'Approve' }) }).hover();
    await expect(
      page.getByRole('tooltip', { name: 'You applied for this change: another approver must decide it' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  test('admin approves the change after a confirmation → wait_for_apply', async ({ browser }) => {
    const page = await signedInPage(browser, `/confighistories/${changeId}`, ADMIN);
    await expect(phaseFact(page)).toContainText('approving');
    const approval = page.getByLabel('Approval', { exact: true });
    await expect(approval).toContainText(ADMIN);
    await approval.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure to approve?' });
    await expect(confirm).toBeVisible();
    await confirm.getByLabel('Comment').fill('e2e: looks good');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Successfully Approve');
    await expect(phaseFact(page)).toContainText('wait_for_apply', SLOW);
    await expect(approval.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await page.context().close();
  });

  test('operator applies it: applying with live progress, then applied; config and audit logs show it', async ({
    browser,
  }) => {
    const { cluster } = picked;
    const page = await signedInPage(browser, `/confighistories/${changeId}`, OPERATOR);
    await expect(phaseFact(page)).toContainText('wait_for_apply');
    await page.getByRole('button', { name: 'Apply' }).click();
    const confirm = page.getByRole('dialog', { name: `Apply configuration change ${changeId}?` });
    await expect(confirm).toContainText('RollingRestart');
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await expectToast(page, 'Successfully Apply');
    await expect(phaseFact(page)).toContainText('applying');
    // The change page itself shows the apply's progress live, with the step under way.
    await expect(page.getByLabel(/^[0-3] of 4 steps done$/)).toBeVisible();

    // The operation page shows the same operation to its end.
    const operationLink = page.getByRole('alert').filter({ hasText: 'Operation submitted' }).getByRole('link');
    const operationId = (await operationLink.textContent())!.trim();
    const opPage = await page.context().newPage();
    await opPage.goto(`${baseUrl()}/operations/${operationId}`);
    await expect(
      opPage.getByRole('heading', {
        name: new RegExp(`^Operation ${operationId}: Apply configuration change ${changeId}`),
      }),
    ).toBeVisible();
    await expect(opPage.getByLabel('4 of 4 steps done')).toBeVisible(SLOW);
    await expect(opPage.getByText('Rolling restart TIKV')).toBeVisible();
    await expect(opPage.getByText('Rolling restart TIDB')).toBeVisible();
    await opPage.close();

    // Meanwhile the change page followed the phase to applied, with its closing time.
    await expect(phaseFact(page)).toContainText('applied', SLOW);
    await expect(fact(page, 'Closed At')).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    // Every step of the flow is in the audit logs (newest first).
    await page.getByRole('tab', { name: 'Audit Logs' }).click();
    const audit = page.getByRole('table', { name: 'Audit logs' });
    const expected = ['applied', 'apply', 'approved', 'approve', 'submit_for_approval', 'create'];
    await expect(audit.getByRole('row')).toHaveCount(expected.length + 1);
    for (const op of expected) await expect(audit.getByRole('cell', { name: op, exact: true })).toBeVisible();
    const logs = await apiGet<ListResult<AuditLog>>(page, auditsApi.list.path, {
      type: 'cloud_config_change',
      instance_id: changeId,
      sort: 'operate_at',
    });
    expect(logs.items.map((l) => l.operation)).toEqual([...expected].reverse());

    // The cluster's configuration now carries the new values (the Cluster ID fact links to the cluster).
    await fact(page, 'Cluster ID').getByRole('link').click();
    await page.waitForURL(new RegExp(`/clusters/${cluster.id}`));
    await page.getByRole('tab', { name: 'Current Config' }).click();
    const search = page.getByRole('searchbox', { name: 'Search parameters by name' });
    await search.fill(TIDB_PARAM);
    await search.press('Enter');
    const row = page
      .getByRole('table', { name: 'Parameters' })
      .getByRole('row', { name: new RegExp(TIDB_PARAM.replace('.', '\\.')) });
    await expect(row).toContainText(NEW_TIDB_VALUE);
    await expect(row).toContainText('custom');
    await page.getByRole('tab', { name: 'Modification Histories' }).click();
    const history = page
      .getByRole('table', { name: 'Configuration changes' })
      .getByRole('row', { name: new RegExp(`^${changeId}\\b`) });
    await expect(history).toContainText('applied');
    await expect(history).toContainText(OPERATOR);
    await page.context().close();
  });
});

test.describe('TiCDC cluster actions', () => {
  test('Modify the Image validates the tag, confirms, and starts an operation', async ({ browser }) => {
    const t = picked.imageTicdc;
    // From its upstream cluster's TiCDC tab to the TiCDC cluster's page.
    const page = await signedInPage(browser, `/orgs/${t.tenant_id}/clusters/${t.cluster_id}?tab=ticdc`, OPERATOR);
    await page.getByRole('table', { name: 'TiCDC clusters' }).getByRole('link', { name: t.id }).click();
    await page.waitForURL(new RegExp(`${ticdcPath(t)}$`));
    await expect(page.getByRole('heading', { name: `TiCDC Cluster: ${t.name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Modify the Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modify the Image' });
    const tag = dialog.getByLabel('TICDC image tag');
    await tag.fill('');
    await dialog.getByRole('button', { name: 'Modify' }).click();
    await expect(dialog.getByText('image tag is required', { exact: true })).toBeVisible();
    // Unique per run, so a retry still changes the tag.
    const newTag = `${t.version}-e2e-${Date.now().toString(36)}`;
    await tag.fill(` ${newTag} `);
    await expect(dialog.getByText('please delete the whitespaces in the head and tail', { exact: true })).toBeVisible();
    await tag.fill(newTag);
    await dialog.getByRole('button', { name: 'Modify' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure to change these images?' });
    await expect(confirm).toContainText(newTag);
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, 'Successfully Change the images');
    await expect(dialog).toBeHidden();
    const link = page.getByRole('alert').filter({ hasText: 'Operation submitted' }).getByRole('link');
    await expect(link).toHaveText(/^\d+$/);
    const operationId = (await link.textContent())!;
    await expect(fact(page, 'Status')).toContainText('modifying');

    // The page follows the operation: back to available, running the new tag (as an overwrite of the version's tag).
    const images = page.getByRole('table', { name: 'Images' });
    await expect(fact(page, 'Status')).toContainText('available', SLOW);
    await expect(images.getByRole('row', { name: /^TICDC/ })).toContainText(newTag);
    await expect(images.getByRole('row', { name: /^TICDC/ })).toContainText('overwrite');
    await link.click();
    await page.waitForURL(/\/operations\/\d+$/);
    await expect(
      page.getByRole('heading', { name: `Operation ${operationId}: Modify the image of TiCDC ${t.name}` }),
    ).toBeVisible();
    await expect(fact(page, 'Status')).toContainText('succeeded');
    await page.context().close();
  });

  test('Shutdown TiCDC requires an all-digits cloud config change id', async ({ browser }) => {
    const t = picked.shutdownTicdc;
    const page = await signedInPage(browser, ticdcPath(t), OPERATOR);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Shutdown TiCDC' }).click();
    const dialog = page.getByRole('dialog', { name: `Shutdown TiCDC ${t.name}` });
    const id = dialog.getByLabel('Cloud config change ID');
    await expect(id).toBeEditable();
    await dialog.getByRole('button', { name: 'Shutdown' }).click();
    await expect(dialog.getByText('cloud config change id is required', { exact: true })).toBeVisible();
    for (const bad of ['12a', '-5', '1 024']) {
      await id.fill(bad);
      await expect(dialog.getByText('the input should be all digits', { exact: true })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Shutdown' }).click();
    await expect(dialog).toBeVisible();
    await id.fill('1024');
    await expect(dialog.getByText('the input should be all digits')).toHaveCount(0);
    // Nothing was submitted: close it and the TiCDC cluster is still available.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const after = await apiGet<{ ticdc_cluster: TicdcCluster }>(page, ticdcApi.cluster.path.replace(':id', t.id));
    expect(after.ticdc_cluster.status).toBe('available');
    await page.context().close();
  });
});
