import { expect, test, type Locator, type Page } from '@playwright/test';
import { orgsApi, SKU_MESSAGES } from '@portal/contract';
import type { ListResult, Tenant } from '@portal/contract';
import { ADMIN, apiGet, baseUrl, chooseOption, expectToast, signedInPage } from './helpers.js';

/**
 * The SKU service through the UI (issue 17; spec §2 /sku_service/{spu,sku,whitelist,changelog} and its deep links;
 * §5 SKU and SPU; §8 messages): the admin opens /sku_service (redirected to the SPU tab), creates a TiKV SPU with its
 * mappings, creates an AWS SKU on it (instance type and volume type from the provider's MUs, fixed IOPS, dynamic
 * throughput), follows the SKU's whitelist link and whitelists a tenant, and the changelog lists all of it.
 */

async function strategy(dialog: Locator, group: string, value: 'Fixed' | 'Dynamic' | 'Yes' | 'No') {
  await dialog.getByRole('radiogroup', { name: group }).getByLabel(value, { exact: true }).check();
}

async function number(dialog: Locator, label: string, value: string) {
  await dialog.getByRole('spinbutton', { name: label, exact: true }).fill(value);
}

async function pickTenant(page: Page): Promise<Tenant> {
  const { items } = await apiGet<ListResult<Tenant>>(page, orgsApi.tenants.path, { status: 'ACTIVE', per_page: 10 });
  expect(items.length).toBeGreaterThan(0);
  return items[0]!;
}

test('an SPU with mappings, a SKU on it, a whitelisted tenant, all in the changelog', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, '/sku_service', ADMIN);
  await expect(page).toHaveURL(/\/sku_service\/spu$/);
  const tenant = await pickTenant(page);
  const stamp = Date.now().toString(36);
  const spuKey = `e2e-tikv-${stamp}`;
  const skuKey = `aws-e2e-tikv-${stamp}`;

  // SPU: component, vCPU, memory, name, display name and its mappings (JSON).
  await page.getByRole('button', { name: 'Create SPU' }).click();
  const spuDialog = page.getByRole('dialog', { name: 'Create SPU' });
  await spuDialog.getByRole('button', { name: 'Create' }).click();
  await expect(spuDialog.getByText(SKU_MESSAGES.spuName)).toBeVisible();
  await chooseOption(page, spuDialog.getByRole('combobox', { name: 'Component', exact: true }), 'TiKV');
  await number(spuDialog, 'vCPU', '6');
  await number(spuDialog, 'Memory (GiB)', '24');
  await spuDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(spuKey);
  await spuDialog.getByRole('textbox', { name: 'Display Name', exact: true }).fill('6 vCPU, 24 GiB (e2e)');
  await spuDialog.getByRole('textbox', { name: 'Mappings', exact: true }).fill('[{"skuKey": ');
  await spuDialog.getByRole('button', { name: 'Create' }).click();
  await expect(spuDialog.getByText(SKU_MESSAGES.mappingsJson)).toBeVisible();
  await spuDialog.getByRole('textbox', { name: 'Mappings', exact: true }).fill(`[{"skuKey": "gcp-e2e-tikv-${stamp}"}]`);
  await spuDialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, SKU_MESSAGES.spuAdded);
  await expect(spuDialog).toBeHidden();

  // SKU on it, on AWS.
  await page.getByRole('tab', { name: 'SKU', exact: true }).click();
  await expect(page).toHaveURL(/\/sku_service\/sku$/);
  await page.getByRole('button', { name: 'Create SKU' }).click();
  const skuDialog = page.getByRole('dialog', { name: 'Create SKU' });
  await chooseOption(page, skuDialog.getByRole('combobox', { name: 'Component Type', exact: true }), 'TiKV');
  await chooseOption(page, skuDialog.getByRole('combobox', { name: 'Provider', exact: true }), 'AWS');
  await skuDialog.getByRole('textbox', { name: 'Display Name', exact: true }).fill(`TiKV e2e ${stamp}`);
  await chooseOption(page, skuDialog.getByRole('combobox', { name: 'SPU Key', exact: true }), spuKey, spuKey);
  await chooseOption(
    page,
    skuDialog.getByRole('combobox', { name: 'Instance Type', exact: true }),
    'm6i.2xlarge',
    'm6i.2xlarge',
  );
  await chooseOption(page, skuDialog.getByRole('combobox', { name: 'Data Storage Volume Type', exact: true }), 'GP3');
  await number(skuDialog, 'Data Storage Default Size (GiB)', '500');
  await number(skuDialog, 'Data Storage Min Size (GiB)', '200');
  await number(skuDialog, 'Data Storage Max Size (GiB)', '4096');
  await number(skuDialog, 'Data Storage Min IOPS', '3000');
  await number(skuDialog, 'Data Storage Max IOPS', '16000');
  await number(skuDialog, 'Data Storage Min Throughput (MiB/s)', '125');
  await number(skuDialog, 'Data Storage Max Throughput (MiB/s)', '1000');
  await strategy(skuDialog, 'Data Storage IOPS Strategy', 'Fixed');
  await number(skuDialog, 'Data Storage IOPS', '3000');
  await strategy(skuDialog, 'Data Storage Throughput Strategy', 'Dynamic');
  await number(skuDialog, 'Data Storage Throughput per IOPS (MiB/s)', '0.25');
  await number(skuDialog, 'Data Storage Throughput per GiB (MiB/s)', '0');
  await strategy(skuDialog, 'Edit Raft Storage', 'No');
  await number(skuDialog, 'Default Node Number', '3');
  await skuDialog.getByRole('textbox', { name: 'SKU Key', exact: true }).fill(skuKey);
  await skuDialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, SKU_MESSAGES.skuCreated);
  await expect(skuDialog).toBeHidden();

  // The SPU's SKUs (deep link ?spu_key=), then the SKU's whitelist (deep link ?sku_key=&component_type=).
  await page.goto(`${baseUrl()}/sku_service/sku?spu_key=${spuKey}`);
  const row = page.getByRole('table', { name: 'SKUs' }).getByRole('row').filter({ hasText: skuKey });
  await expect(row).toContainText('m6i.2xlarge');
  await expect(row).toContainText('GP3 200–4096 GiB (default 500)');
  await row.getByRole('link', { name: 'Whitelist' }).click();
  await expect(page).toHaveURL(new RegExp(`/sku_service/whitelist\\?sku_key=${skuKey}&component_type=TIKV$`));
  await page.getByRole('button', { name: 'Add Tenants' }).click();
  const add = page.getByRole('dialog', { name: 'Add Tenants to the Whitelist' });
  await expect(add.getByRole('textbox', { name: 'SKU Key', exact: true })).toHaveValue(skuKey);
  const tenants = add.getByRole('combobox', { name: 'Tenant IDs', exact: true });
  await tenants.fill(tenant.id);
  await tenants.press('Enter');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Tenants have been added to the whitelist');
  await expect(
    page.getByRole('table', { name: 'Whitelist' }).getByRole('row').filter({ hasText: tenant.id }),
  ).toContainText(tenant.name);

  // The changelog, newest first: the whitelist, the SKU (and its SPU's new mapping), the SPU.
  await page.getByRole('tab', { name: 'Changelog' }).click();
  await expect(page).toHaveURL(/\/sku_service\/changelog$/);
  const log = page.getByRole('table', { name: 'Changelog' });
  await expect(log.getByRole('row').filter({ hasText: `whitelist:sku:${skuKey}` })).toContainText('add_whitelist');
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: `sku:${skuKey}` })
      .last(),
  ).toContainText('create_sku');
  const spuRows = log.getByRole('row').filter({ hasText: `spu:${spuKey}` });
  await expect(spuRows.filter({ hasText: 'create_spu' })).toContainText(`gcp-e2e-tikv-${stamp}`);
  await expect(spuRows.filter({ hasText: 'map_sku' })).toContainText(skuKey);
});
