import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BILLING_MESSAGES, billingApi, lastMonth, monthKey, monthRange } from '@portal/contract';
import type { Invoice, ListResult } from '@portal/contract';
import { ADMIN, apiGet, baseUrl, chooseOption, expectToast, signedInPage } from './helpers.js';

/**
 * Billing through the UI (issue 15; spec §2 /business Discounts, Invoices, AR Table; §4 invoice confirm; §5 Add
 * Discount; §9 discount and dates): an admin adds a 10 % discount on a tenant's backup storage for last month; the
 * tenant's unconfirmed invoice of that month is re-rated with it (its detail lists the discount line); the admin
 * confirms the invoice; the AR table of that month, downloaded as CSV, holds the invoice with the discount. The
 * invoice is picked fresh from the demo seed: last month's, unconfirmed, with backup storage no discount covers yet
 * (the largest saving wins) and small enough that the discount needs no approval; a retry picks another (this one is
 * confirmed by then).
 */

/** A billing item most invoices carry with no discount on it (discounts do not stack: the largest saving wins). */
const ITEM = { filter_id: 'dedicated.backup.storage', name: 'Backup storage' };
const PERCENT_OFF = 10;
/** A discount worth more a month than this waits for an approval (the server's default threshold, $10,000). */
const NO_APPROVAL_BELOW_CENTS = 500_000;

const invoiceApiPath = (id: string) => billingApi.invoice.path.replace(':invoice_id', id);
const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** RFC 4180 lines → fields (quoted fields may hold commas and doubled quotes; no line breaks in this table). */
function csvRows(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => {
      const out: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quoted && ch === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') quoted = !quoted;
        else if (ch === ',' && !quoted) {
          out.push(field);
          field = '';
        } else field += ch;
      }
      out.push(field);
      return out;
    });
}

/** Last month's unconfirmed usage invoice with the smallest undiscounted backup storage still worth a discount. */
async function pickInvoice(page: Page): Promise<Invoice> {
  const { year, month } = lastMonth();
  const range = monthRange(year, month);
  const { items } = await apiGet<ListResult<Invoice>>(page, billingApi.invoices.path, {
    brief: 'false',
    status: 'unconfirmed',
    kind: 'usage',
    from: range.from,
    to: range.to,
    per_page: 100,
  });
  const lines = (i: Invoice) => (i.category_unit_costs ?? []).filter((c) => c.filter_id === ITEM.filter_id);
  const amount = (i: Invoice) => lines(i).reduce((a, c) => a + c.amount, 0);
  const fit = items
    .filter(
      (i) =>
        amount(i) >= 10_000 &&
        lines(i).every((c) => c.discount_amount === 0) &&
        (amount(i) * PERCENT_OFF) / 100 < NO_APPROVAL_BELOW_CENTS,
    )
    .sort((a, b) => amount(a) - amount(b));
  if (!fit[0]) throw new Error(`no unconfirmed invoice of ${monthKey(year, month)} with undiscounted ${ITEM.name}`);
  return fit[0];
}

/** Types a day into an antd date picker and commits it. */
async function pickDay(page: Page, label: string, day: string) {
  const input = page.getByRole('dialog').getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
}

test('a discount is reflected in an invoice, which is confirmed and lands in the AR table CSV', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signedInPage(browser, '/business?tab=discounts', ADMIN);
  const before = await pickInvoice(page);
  const { year, month } = lastMonth();
  const { from, to } = monthRange(year, month);
  const description = `e2e: backup storage saving on ${before.invoice_number}`;

  // Add Discount: the fields validate first, then it is created (valid at once: below the approval threshold).
  await page.getByRole('button', { name: 'Add Discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(BILLING_MESSAGES.unitFiltersRequired, { exact: true })).toBeVisible();
  await chooseOption(
    page,
    dialog.getByRole('combobox', { name: 'Customers' }),
    `${before.tenant_name} (${before.tenant_id})`,
    before.tenant_id,
  );
  // The billing item from the unit-filter tree, found by its name.
  const filters = dialog.getByRole('combobox', { name: 'Unit Filters' });
  await filters.click();
  await filters.fill(ITEM.name);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: ITEM.name }).first().click();
  await page.keyboard.press('Escape');
  await expect(dialog.locator('.ant-select-selection-item', { hasText: ITEM.name })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Usage' }), 'Commitment Plan');
  await dialog.getByRole('spinbutton', { name: 'Percent Off' }).fill(String(PERCENT_OFF));
  await pickDay(page, 'Start Date', from.slice(0, 10));
  await pickDay(page, 'End Date', new Date(Date.parse(to) - 1).toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, BILLING_MESSAGES.created);
  await expect(dialog).toBeHidden();

  // The invoice is re-rated (a durable job, moments later): its detail lists the discount line.
  await page.goto(
    `${baseUrl()}/business?month=${monthKey(year, month)}&tenant_id=${before.tenant_id}&invoice=${before.invoice_id}`,
  );
  const drawer = page.getByRole('dialog', { name: `Invoice ${before.invoice_number}`, exact: true });
  const applied = drawer.getByRole('table', { name: 'Discounts applied' });
  await expect(async () => {
    const now = await apiGet<{ invoice: Invoice }>(page, invoiceApiPath(before.invoice_id));
    expect(now.invoice.discounts.some((d) => d.description === description)).toBe(true);
  }).toPass({ timeout: 15_000 });
  const rated = (await apiGet<{ invoice: Invoice }>(page, invoiceApiPath(before.invoice_id))).invoice;
  const line = rated.discounts.find((d) => d.description === description)!;
  expect(line.amount).toBeGreaterThan(0);
  expect(rated.discount_amount).toBe(before.discount_amount + line.amount);
  await page.reload();
  await expect(applied.getByRole('row').filter({ hasText: description })).toContainText(`${PERCENT_OFF}%`);

  // Confirm, after the question.
  await drawer.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `Confirm invoice ${before.invoice_number}` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expectToast(page, `Invoice ${before.invoice_number} confirmed`);
  await expect(drawer.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();
  const confirmed = (await apiGet<{ invoice: Invoice }>(page, invoiceApiPath(before.invoice_id))).invoice;
  expect(confirmed.status).toBe('confirmed');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The AR table of the month (last month, the default) holds it, with the discount.
  await page.getByRole('tab', { name: 'AR Table' }).click();
  const form = page.getByRole('group', { name: 'AR table month' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: `Download AR table ${monthKey(year, month)}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`ar-table-${monthKey(year, month)}.csv`);
  const [header, ...rows] = csvRows(fs.readFileSync((await download.path())!, 'utf8'));
  const row = rows.find((r) => r[header!.indexOf('invoice_id')] === confirmed.invoice_id);
  expect(row, `the AR table lists invoice ${confirmed.invoice_id}`).toBeDefined();
  const cell = (name: string) => row![header!.indexOf(name)];
  expect(cell('discount_amount')).toBe(dollars(confirmed.discount_amount));
  expect(cell('total_amount')).toBe(dollars(confirmed.total_amount));
  expect(rows.at(-1)![0]).toBe('TOTAL');
  await page.context().close();
});
