import { expect, test } from '@playwright/test';
import { OPERATOR, signedInPage } from './helpers.js';

/**
 * The SLA pages through the UI (spec §2 /sla/summary, /sla/{cluster_id}/detail): the overview's SLA panel leads to the
 * summary; October 2026 (the demo's resolved incidents are dated there) is chosen in the month filter, which the URL
 * keeps; the worst cluster of that month breached its objective, and its detail charts the month day by day and lists
 * the incident that caused its downtime. Read only.
 */

test('SLA: overview panel → summary of a month → the worst cluster: daily chart and the incident behind it', async ({
  browser,
}) => {
  const page = await signedInPage(browser, '/overview', OPERATOR);
  const panel = page.getByRole('region', { name: 'SLA', exact: true });
  await expect(panel.getByLabel('SLA this month')).toContainText('Fleet availability');
  await panel.getByRole('link', { name: 'SLA summary' }).click();
  await expect(page).toHaveURL(/\/sla\/summary$/);
  await expect(page.getByRole('heading', { name: 'SLA Summary' })).toBeVisible();

  // The month filter: a light stand-in until reached for, then antd's Select, opened.
  await expect(async () => {
    await page.getByRole('textbox', { name: 'Month' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'October 2026' })
      .click({ timeout: 5_000 });
    await expect(page).toHaveURL(/month=2026-10/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'October 2026' })).toBeVisible();

  const first = page.getByRole('table', { name: "Dedicated clusters' SLA" }).getByRole('row').nth(1);
  await expect(first).toContainText('Breached');
  const link = first.getByRole('link').first();
  // October's rows, not November's still shown while October's load (rows link to the detail of their month).
  await expect(link).toHaveAttribute('href', /month=2026-10/);
  // Its name and address read at once, then that very link clicked: the first row was seen to change between two
  // separate reads (CI: the name of one cluster, the address of another).
  const { name, href } = await link.evaluate((a) => ({
    name: a.textContent ?? '',
    href: a.getAttribute('href') ?? '',
  }));
  await page.getByRole('table', { name: "Dedicated clusters' SLA" }).locator(`a[href="${href}"]`).first().click();

  await expect(page).toHaveURL(/\/sla\/\d+\/detail\?month=2026-10$/);
  await expect(page.getByRole('heading', { name: `SLA: ${name}` })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Daily availability, October 2026:/ })).toBeVisible();
  const windows = page.getByRole('table', { name: 'Downtime windows' });
  await expect(windows.getByRole('link', { name: /^INC-\d+$/ }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Months' }).getByRole('link', { name: 'October 2026' })).toBeVisible();
});
