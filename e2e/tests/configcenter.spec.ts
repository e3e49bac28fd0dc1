import { expect, test, type Locator, type Page } from '@playwright/test';
import { auditsApi, CONFIG_CENTER_MESSAGES, CONFIG_ENVIRONMENTS, configcenterApi } from '@portal/contract';
import type {
  AuditLog,
  ChangeItem,
  ClusterVersion,
  DefaultCaseBinding,
  ListResult,
  ReleaseDetail,
  RouteResponse,
  TemplateDiff,
  TemplateSummary,
} from '@portal/contract';
import { ADMIN, apiGet, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * The config center through the UI (spec §2 /template, /defaultconfig/change, its release page; §4 change and release
 * phases; §5 messages; decision 0012): an operator moves two default cases to another template, batch-modifies a
 * parameter of the change's templates, releases it to dev; an admin approves the release, which is applied to dev;
 * the operator closes the change as success and nothing of it can be modified or released any more. The cases are
 * picked fresh from the demo seed (not staged by any change) and touched by no other spec.
 */

const CLUSTER_TYPE = 'DEDICATED_TIDB';
const CONFIG_TYPE = 'tidb';
const ENVIRONMENT = 'dev';
const PARAM = 'instance.max_connections';
const NEW_VALUE = '12000';
const REASON = 'e2e: compute-tuned TiDB defaults for the general instance types';
const DESCRIPTION = 'e2e: first dev release of the compute-tuned TiDB defaults';
/** Releases run as operations whose steps take ~1.5 s each in the built app: wait for outcomes, never sleep. */
const SLOW = { timeout: 45_000 };

interface Picked {
  version: string;
  /** How many tidb default cases the version has (the filtered table's rows). */
  versionCases: number;
  cases: [DefaultCaseBinding, DefaultCaseBinding];
  /** The default template the cases move to (same config type and minor version, differs from the current). */
  template: TemplateSummary;
  /** What prod resolves for each case before anything happens (must not move). */
  prodBefore: string[];
}

type Resolved = RouteResponse<typeof configcenterApi.resolveDefaults>;

const resolveFor = (page: Page, environment: string, c: DefaultCaseBinding) =>
  apiGet<Resolved>(page, configcenterApi.resolveDefaults.path, {
    environment,
    cluster_type: c.cluster_type,
    version: c.default_case.version,
    cloud_provider: c.default_case.cloud_provider!,
    instance_type: c.default_case.instance_type!,
  });

/** The template a case resolves to in an environment, checking the case itself is the one resolved. */
async function resolvedTemplate(page: Page, environment: string, c: DefaultCaseBinding): Promise<string | undefined> {
  const resolved = await resolveFor(page, environment, c);
  const hit = resolved.templates.find((t) => t.config_type === c.default_case.config_type);
  return hit?.default_case_id === c.id ? hit.template.id : undefined;
}

/**
 * Finds (through the API, read only) two tidb default cases of one version released everywhere, with a provider and
 * an instance type (so resolving that provider and instance type lands on exactly that case), not staged by any
 * change and sharing their current template, and a default tidb template of the same minor version that differs
 * from it.
 */
async function pickCases(page: Page): Promise<Picked> {
  const { versions } = await apiGet<{ versions: ClusterVersion[] }>(page, configcenterApi.versions.path, {
    cluster_type: CLUSTER_TYPE,
  });
  const templates = await apiGet<ListResult<TemplateSummary>>(page, configcenterApi.templates.path, {
    cluster_type: CLUSTER_TYPE,
    template_type: 'default',
    config_type: CONFIG_TYPE,
    per_page: 100,
  });
  // Oldest first: the newest versions are the ones the seeded changes stage.
  const released = versions
    .filter((v) => CONFIG_ENVIRONMENTS.every((env) => v.environments.includes(env)))
    .map((v) => v.version)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  for (const version of released) {
    const cases = await apiGet<ListResult<DefaultCaseBinding>>(page, configcenterApi.defaultCases.path, {
      cluster_type: CLUSTER_TYPE,
      default_for_version: version,
      config_type_is: CONFIG_TYPE,
      per_page: 100,
    });
    // The filtered table shows them on one page (10 rows).
    if (cases.total > 10) continue;
    const free = cases.items.filter(
      (c) =>
        c.change_id === null &&
        c.default_case.cloud_provider !== null &&
        c.default_case.instance_type !== null &&
        c.source_template?.id === c.current_template.id,
    );
    for (const current of new Set(free.map((c) => c.current_template.id))) {
      const group = free.filter((c) => c.current_template.id === current);
      if (group.length < 2) continue;
      const pair = group.slice(0, 2) as [DefaultCaseBinding, DefaultCaseBinding];
      const minor = version.split('.').slice(0, 2).join('.');
      for (const template of templates.items) {
        // A change's draft (named "… (change N)") is no seeded default to move to.
        if (template.id === current || template.change_id !== null || template.name.includes('(change')) continue;
        if (template.tags.effective_minor_version !== minor) continue;
        const diff = await apiGet<TemplateDiff>(page, configcenterApi.templateDiff.path, {
          from: current,
          to: template.id,
        });
        if (!diff.changed_parameters.some((p) => p.from !== p.to)) continue;
        const prodBefore = await Promise.all(pair.map((c) => resolvedTemplate(page, 'prod', c)));
        const devBefore = await Promise.all(pair.map((c) => resolvedTemplate(page, ENVIRONMENT, c)));
        // Each case must be what its provider and instance type resolve to, in prod and in dev.
        if (prodBefore.some((t) => t !== current) || devBefore.some((t) => t !== current)) continue;
        return { version, versionCases: cases.total, cases: pair, template, prodBefore: prodBefore as string[] };
      }
    }
  }
  throw new Error('no two free tidb default cases with a different template to move to in the demo seed');
}

/** Opens an antd Select (or a deferred filter standing in for one) and clicks the option titled `title`. */
async function choose(page: Page, field: Locator, title: string): Promise<void> {
  await field.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.getByTitle(title, { exact: true }).click();
}

/** A fact of a detail page (antd Descriptions cells). */
const fact = (page: Page, label: string) => page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }).first();
const changePath = (id: string) => `/defaultconfig/change/${id}`;
const job = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Change menu' }).getByRole('link', { name });

let picked: Picked;
let changeId = '';
let releasePath = '';

test.beforeAll(async ({ browser }) => {
  const page = await signedInPage(browser, '/overview', OPERATOR);
  picked = await pickCases(page);
  await page.context().close();
});

test.describe.serial('default-config change: modify, batch modify, release to dev, approve, close', () => {
  test('operator selects two default cases and modifies their template with a reason → a change', async ({
    browser,
  }) => {
    const { version, cases, template } = picked;
    const page = await signedInPage(browser, '/template', OPERATOR);
    await expect(page.getByRole('tab', { name: 'Default Templates' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'Default cases' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    // The filters narrow the table to the version's tidb cases (Dedicated is the default cluster type).
    await expect(page.getByLabel('Cluster type')).toHaveValue(/Dedicated/);
    await choose(page, page.getByLabel('Version'), version);
    await page.waitForURL(/version=/);
    await choose(page, page.getByLabel('Config type'), CONFIG_TYPE);
    await page.keyboard.press('Escape');
    await page.waitForURL(/config_type=tidb/);
    // Wait for the filtered answer (the previous one shows until it lands), then check every row.
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(table.getByRole('cell', { name: CONFIG_TYPE, exact: true })).toHaveCount(picked.versionCases);
    await expect(rows).toHaveCount(picked.versionCases);
    for (const row of await rows.all()) {
      await expect(row).toContainText(version);
      await expect(row).toContainText(CONFIG_TYPE);
    }

    // Modify with nothing selected does nothing (spec §5): the button is disabled.
    const modify = page.getByRole('button', { name: /Modify/ });
    await expect(modify).toBeDisabled();
    for (const c of cases) {
      const row = table.getByRole('row').filter({ hasText: c.default_case.instance_type! });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(c.current_template.name);
      await row.getByRole('checkbox').check();
    }
    await expect(modify).toHaveText('Modify (2)');
    await modify.click();

    const dialog = page.getByRole('dialog', { name: 'Modify Templates' });
    await expect(dialog).toContainText('2 default cases selected');
    await choose(
      page,
      dialog.getByLabel('New Template'),
      `${template.name} (#${template.id}) · ${template.tags.effective_minor_version}`,
    );
    const diffs = dialog.getByRole('region', { name: 'Template diffs' });
    const current = cases[0].current_template;
    const diff = diffs.getByRole('table', { name: `Diff of ${current.name} → ${template.name}` });
    await expect(diff.getByRole('columnheader')).toHaveText([
      'Name',
      'Config Type',
      'Source',
      'Previous Value',
      'New Value',
    ]);
    await expect(diff.getByRole('row').nth(1)).toContainText(CONFIG_TYPE);
    // The reason is required (spec §5).
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText(CONFIG_CENTER_MESSAGES.reasonRequired, { exact: true })).toBeVisible();
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();

    // The success alert links to the change; its page opens from there.
    const created = page.getByRole('alert').filter({ hasText: 'Default-config change created' });
    const link = created.getByRole('link');
    await expect(link).toHaveText(/^\d+$/);
    changeId = (await link.textContent())!;
    // The cases now belong to the change.
    for (const c of cases)
      await expect(table.getByRole('row').filter({ hasText: c.default_case.instance_type! })).toContainText(
        `In change ${changeId}`,
      );
    await link.click();
    await page.waitForURL(new RegExp(`${changePath(changeId)}$`));
    await expect(page.getByRole('heading', { name: `Default Config Change ${changeId}` })).toBeVisible();
    await expect(fact(page, 'Applicant')).toContainText(OPERATOR);
    await expect(fact(page, 'Phase')).toContainText('in_progress');
    await expect(fact(page, 'Reason')).toContainText(REASON);
    await page.context().close();
  });

  test('operator batch-modifies a parameter of both templates (a §5 message first)', async ({ browser }) => {
    const { cases, template } = picked;
    const page = await signedInPage(browser, changePath(changeId), OPERATOR);
    await job(page, 'Modify Templates').click();
    const items = page.getByRole('table', { name: 'Template items' });
    const rows = items.getByRole('row').filter({ has: page.getByRole('cell') });
    // One item per selected case, from its current template to the new one.
    await expect(rows).toHaveCount(2);
    for (const c of cases) {
      const row = items.getByRole('row').filter({ hasText: c.default_case.instance_type! });
      await expect(row).toContainText(c.current_template.name);
      await expect(row).toContainText(template.name);
    }
    await items.getByRole('checkbox', { name: 'Select all rows' }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Batch Modify Params' }).click();

    const dialog = page.getByRole('dialog', { name: 'Batch Modify Params' });
    await expect(dialog).toContainText(`2 templates, config type ${CONFIG_TYPE}`);
    await choose(page, dialog.getByLabel('Parameter 1 name'), PARAM);
    const value = dialog.getByLabel('Parameter 1 value');
    await value.fill('12abc');
    await expect(dialog.getByText('the input should be an int', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Modify' }).click();
    await expect(dialog).toBeVisible();
    await value.fill(NEW_VALUE);
    await expect(dialog.getByText('the input should be an int')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Modify' }).click();
    await expectToast(page, CONFIG_CENTER_MESSAGES.batchModified);
    await expect(dialog).toBeHidden();

    // Each item now points at a draft of the new template, at a new revision, carrying the value.
    for (const c of cases) {
      const row = items.getByRole('row').filter({ hasText: c.default_case.instance_type! });
      await expect(row).toContainText(`${template.name} (change ${changeId})`);
    }
    const after = await apiGet<ListResult<ChangeItem>>(
      page,
      configcenterApi.items.path.replace(':change_id', changeId),
      {
        type_is: 'template_default_case_binding',
      },
    );
    expect(after.items).toHaveLength(2);
    for (const item of after.items) {
      expect(item.revision).toBeGreaterThan(1);
      const draft = await apiGet<{ template: { parameters: { name: string; value: string }[] } }>(
        page,
        configcenterApi.template.path.replace(':template_id', item.template_binding!.modified.template_id),
      );
      expect(draft.template.parameters).toContainEqual(expect.objectContaining({ name: PARAM, value: NEW_VALUE }));
    }
    await page.context().close();
  });

  test(`operator creates a ${ENVIRONMENT} release; the admin approves it → released`, async ({ browser }) => {
    const page = await signedInPage(browser, changePath(changeId), OPERATOR);
    await job(page, `Release ${ENVIRONMENT}`).click();
    const unreleased = page.getByRole('table', { name: `Unreleased items of ${ENVIRONMENT}` });
    await expect(unreleased.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(2);
    await page.getByRole('button', { name: `Create a ${ENVIRONMENT} Release` }).click();
    const dialog = page.getByRole('dialog', { name: `Create a ${ENVIRONMENT} Release` });
    await expect(dialog).toContainText('2 unreleased items');
    await dialog.getByLabel('Description').fill(DESCRIPTION);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, CONFIG_CENTER_MESSAGES.releaseCreated(ENVIRONMENT));
    await expect(dialog).toBeHidden();

    // One open release holds the environment: no second one until it ends.
    const releases = page.getByRole('table', { name: `${ENVIRONMENT} releases` });
    const release = releases.getByRole('row').filter({ hasText: DESCRIPTION });
    await expect(release).toContainText('approving');
    await expect(page.getByRole('button', { name: `Create a ${ENVIRONMENT} Release` })).toBeDisabled();
    await release.getByRole('link', { name: 'Detail' }).click();
    await page.waitForURL(/\/release\/\d+$/);
    releasePath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: new RegExp(`^${ENVIRONMENT} Release #\\d+`) })).toBeVisible();
    await expect(fact(page, 'Phase')).toContainText('approving');
    await expect(fact(page, 'Description')).toContainText(DESCRIPTION);
    const released = page.getByRole('table', { name: 'Released templates' });
    for (const c of picked.cases)
      await expect(released.getByRole('row').filter({ hasText: c.default_case.instance_type! })).toContainText(
        `${picked.template.name} (change ${changeId})`,
      );
    // Separation of duties: the applicant cannot approve their own release.
    const approval = page.getByLabel('Approval', { exact: true });
    await expect(approval.getByRole('button', { name: 'Approve' })).toBeDisabled();
    // Nothing is released before the approval.
    for (const c of picked.cases) expect(await resolvedTemplate(page, ENVIRONMENT, c)).toBe(c.current_template.id);

    // The admin, side by side, approves it on the release page.
    const admin = await signedInPage(browser, releasePath, ADMIN);
    await expect(fact(admin, 'Phase')).toContainText('approving');
    const adminApproval = admin.getByLabel('Approval', { exact: true });
    await adminApproval.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Are you sure to approve?' });
    await confirm.getByLabel('Comment').fill('e2e: ship it to dev');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'Successfully Approve');
    await expect(confirm).toBeHidden();
    // The page follows the release while it is applied.
    await expect(fact(admin, 'Phase')).toContainText('released', SLOW);
    await expect(fact(admin, 'Released At')).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(admin.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await admin.context().close();

    // The operator's page shows it too once re-read.
    await page.reload();
    await expect(fact(page, 'Phase')).toContainText('released');
    await page.context().close();
  });

  test('operator closes the change as success → every action disabled; dev has the new template, prod not', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, changePath(changeId), OPERATOR);
    await expect(fact(page, 'Phase')).toContainText('in_progress');
    await page.getByRole('button', { name: 'Close' }).click();
    const dialog = page.getByRole('dialog', { name: `Close the Default Config Change ${changeId}` });
    await dialog.getByRole('button', { name: 'Close the Change' }).click();
    await expect(dialog.getByText(CONFIG_CENTER_MESSAGES.closeResultRequired, { exact: true })).toBeVisible();
    // Button-style radios: the label takes the click.
    await dialog.getByRole('radiogroup', { name: 'Result' }).getByText('success', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'success' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Close the Change' }).click();
    await expectToast(page, CONFIG_CENTER_MESSAGES.closed);
    await expect(dialog).toBeHidden();
    await expect(fact(page, 'Phase')).toContainText('success');
    await expect(fact(page, 'Closed At')).toContainText(/\d{4}-\d{2}-\d{2}/);

    // After closing nothing can be modified, no image changed, nothing released.
    await expect(page.getByRole('button', { name: 'Close' })).toBeDisabled();
    await job(page, 'Modify Templates').click();
    await expect(page.getByRole('button', { name: 'Batch Modify Params' })).toBeDisabled();
    // Each job's data first, so that what disables its button is the phase, not a load under way.
    await job(page, 'Modify Images').click();
    const images = page.getByRole('table', { name: 'Images' });
    await expect(
      images
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .first(),
    ).toContainText(/TIDB|TIKV|PD/);
    await expect(page.getByRole('button', { name: /Modify$/ })).toBeDisabled();
    for (const env of CONFIG_ENVIRONMENTS) {
      await job(page, `Release ${env}`).click();
      const unreleased = page.getByRole('table', { name: `Unreleased items of ${env}` });
      if (env === ENVIRONMENT) await expect(unreleased).toContainText(`Everything is released to ${env}`);
      else await expect(unreleased.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(2);
      await expect(page.getByRole('button', { name: `Create a ${env} Release` })).toBeDisabled();
    }

    // New dev clusters get the released drafts for exactly these cases; prod did not move.
    const items = await apiGet<ListResult<ChangeItem>>(
      page,
      configcenterApi.items.path.replace(':change_id', changeId),
    );
    const release = await apiGet<{ release: ReleaseDetail }>(
      page,
      configcenterApi.release.path
        .replace(':change_id', changeId)
        .replace(':release_id', releasePath.split('/').pop()!),
    );
    expect(release.release.phase).toBe('released');
    for (const [i, c] of picked.cases.entries()) {
      const item = items.items.find(
        (it) => it.template_binding?.origin.default_case.instance_type === c.default_case.instance_type,
      );
      expect(item?.released_to).toContain(ENVIRONMENT);
      expect(await resolvedTemplate(page, ENVIRONMENT, c)).toBe(item!.template_binding!.modified.template_id);
      expect(await resolvedTemplate(page, 'prod', c)).toBe(picked.prodBefore[i]);
    }
    // The cases keep the new template as their current one, released nowhere but dev.
    const cases = await apiGet<ListResult<DefaultCaseBinding>>(page, configcenterApi.defaultCases.path, {
      cluster_type: CLUSTER_TYPE,
      default_for_version: picked.version,
      config_type_is: CONFIG_TYPE,
      per_page: 100,
    });
    for (const c of picked.cases) {
      const now = cases.items.find((x) => x.id === c.id)!;
      expect(now.change_id).toBeNull();
      expect(now.source_template?.id).toBe(c.source_template?.id);
      expect(now.current_template.name).toBe(`${picked.template.name} (change ${changeId})`);
    }

    // Every step is on the change's audit trail, in order (the engine's approval rows land there too).
    await job(page, 'Overview').click();
    const audit = page.getByRole('table', { name: 'Audit logs' });
    await expect(audit.getByRole('cell', { name: 'close', exact: true })).toBeVisible();
    const logs = await apiGet<ListResult<AuditLog>>(page, auditsApi.list.path, {
      type: 'cloud_config_default_config_change',
      instance_id: changeId,
      sort: 'operate_at',
      per_page: 100,
    });
    const operations = logs.items.map((l) => l.operation);
    const expected = ['create', 'batch_update_templates', 'create_release', 'release_approved', 'released', 'close'];
    expect(operations.filter((op) => expected.includes(op))).toEqual(expected);
    await page.context().close();
  });
});
