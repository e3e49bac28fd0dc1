import { expect, test, type Page } from '@playwright/test';
import {
  billingAccountsApi,
  orgsApi,
  PARTNER_BILLING_MESSAGES,
  PARTNER_CUSTOMERS_PER_PAGE,
  PARTNER_ORG_TAG,
  partnersApi,
  tomorrowUtc,
} from '@portal/contract';
import type { BillingConfig, ListResult, PartnerCustomer, Tenant } from '@portal/contract';
import { apiGet, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * Partners through the UI (issue 16; spec §2 /cppo and /cppo/{org_id}, Partner dialogs; §5 Partners; §9): an operator
 * creates an AWS CPPO reseller in the 3-step dialog (Configure Details → Confirm → Done), opens its page, adds a
 * customer effective tomorrow (UTC) with a CPPO discount — the Effective Date is refused as today first — and the
 * customer is listed on the reseller's page, to be effective. The customer is an active org with no partner tag and
 * no partner billing config, linked to no partner, picked fresh from the demo seed (a retry picks another).
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Every org linked to a partner now or later (the seed links some; a link blocks another from a later date). */
async function linkedOrgs(page: Page): Promise<Set<string>> {
  const linked = new Set<string>();
  for (const tag of Object.values(PARTNER_ORG_TAG)) {
    const partners = await apiGet<ListResult<Tenant>>(page, orgsApi.tenants.path, { org_tag: tag, per_page: 100 });
    for (const p of partners.items) {
      const customers = await apiGet<ListResult<PartnerCustomer>>(
        page,
        partnersApi.customers.path.replace(':id', p.id),
        { page: 1, per_page: PARTNER_CUSTOMERS_PER_PAGE },
      );
      for (const c of customers.items) if (c.status !== 'expired') linked.add(c.customer_org_id);
    }
  }
  return linked;
}

async function pickCustomer(page: Page): Promise<Tenant> {
  const linked = await linkedOrgs(page);
  const { items } = await apiGet<ListResult<Tenant>>(page, orgsApi.tenants.path, {
    status: 'ACTIVE',
    per_page: 100,
    sort: 'created_at',
  });
  for (const t of items.filter((o) => !o.org_tag && !linked.has(o.id)).reverse()) {
    const configs = await apiGet<ListResult<BillingConfig>>(
      page,
      billingAccountsApi.tenantBillingConfigs.path.replace(':id', t.id),
    );
    if (!configs.items.some((c) => c.kind !== 'direct')) return t;
  }
  throw new Error('no active org without a partner to link');
}

/** Types a day into the dialog's antd date picker labelled `label` and commits it. */
async function pickDay(page: Page, label: string, value: string) {
  const input = page.getByRole('dialog').getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

test('a CPPO reseller is created, a customer with a discount effective tomorrow is added and listed', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, '/cppo', OPERATOR);
  const customer = await pickCustomer(page);
  const stamp = Date.now().toString(36);
  const name = `e2e CPPO ${stamp}`;

  // Create reseller: Configure Details → Confirm → Done.
  await page.getByRole('button', { name: 'Add AWS CPPO Reseller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create AWS CPPO Reseller' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Required', { exact: true }).first()).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(`cppo-${stamp}@e2e.test`);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Confirm').getByText(name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const done = dialog.getByLabel('Done');
  await expect(done.getByText(/signup/i).first()).toBeVisible();
  await done.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/cppo\/[^/]+$/);
  await expect(page.getByRole('heading', { name: `AWS CPPO Reseller ${name}` })).toBeVisible();

  // Add a customer effective tomorrow (UTC) with a CPPO discount.
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const add = page.getByRole('dialog', { name: 'Add CPPO Customer' });
  await chooseOption(
    page,
    add.getByRole('combobox', { name: 'Customer Org' }),
    `${customer.name} (${customer.id})`,
    customer.id,
  );
  await add.getByRole('textbox', { name: 'Payment Code' }).fill(`AWS-PO-${stamp}`);
  await add.getByRole('textbox', { name: 'Payment Sub Code' }).fill(`SUB-${stamp}`);
  await pickDay(page, 'Effective Date', day(0));
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText(PARTNER_BILLING_MESSAGES.effectiveNotTomorrow)).toBeVisible();
  await pickDay(page, 'Effective Date', tomorrowUtc());
  await add.getByRole('button', { name: /Add Discount/ }).click();
  await chooseOption(page, add.getByRole('combobox', { name: 'Discount 1 type' }), 'CPPO');
  await add.getByRole('spinbutton', { name: 'Discount 1 percentage' }).fill('10');
  await pickDay(page, 'Discount 1 end date', day(60));
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, `${customer.name} was added`);
  await expect(add).toBeHidden();

  // Listed on the reseller's page, to be effective from tomorrow.
  const table = page.getByRole('table', { name: 'Customers' });
  const row = table.getByRole('row').filter({ hasText: customer.id });
  await expect(row).toContainText(customer.name);
  await expect(row).toContainText('To be effective');
  await expect(row).toContainText(tomorrowUtc());
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Customers' }).getByRole('row').filter({ hasText: customer.id }),
  ).toContainText(customer.name);
});
