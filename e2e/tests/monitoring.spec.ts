import { expect, test } from '@playwright/test';
import { COMPONENT_DIFF_MESSAGES } from '@portal/contract';
import { baseUrl, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * Monitoring through the UI (issue 14; spec §2 /certification, /component-diff): the certificates of the region that
 * needs attention (the demo seeds one expired certificate, in alicloud cn-hangzhou, and five ending within 30 days),
 * the o11y clusters linked from there, and a component-diff report generated for one provider's clusters and run by
 * its job to completed, with real diff rows. No other spec generates reports.
 */

test('certificates, o11y clusters and a generated component-diff report', async ({ browser }) => {
  const page = await signedInPage(browser, '/certification', OPERATOR);

  // Opens on the region with the expired certificate; the days left are highlighted.
  const certificates = page.getByRole('table', { name: 'Certificates' });
  await expect(page.getByRole('region', { name: 'Certificates of Hangzhou (cn-hangzhou)' })).toBeVisible();
  const expired = certificates.getByRole('row').filter({ hasText: 'o11y-ingest-tls' });
  await expect(expired).toContainText(/expired \d+ days? ago/);
  await page.getByRole('link', { name: 'N. Virginia (us-east-1)' }).click();
  await expect(page.getByRole('region', { name: 'Certificates of N. Virginia (us-east-1)' })).toBeVisible();
  await expect(certificates.getByRole('row').nth(1)).toContainText('expiring');

  // The o11y clusters, from the certification page; the down one says why.
  await page.getByRole('link', { name: 'O11y Clusters' }).click();
  await page.getByRole('link', { name: 'o11y-alicloud-cn-hangzhou' }).click();
  await expect(page.getByText(/certificate \(o11y-ingest-tls\) has expired/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Covered clusters' }).getByRole('row').nth(1)).toContainText(
    /DEDICATED_TIDB|SHARED_POOL|LOGICAL_CLUSTER|TICDC|CHANGEFEED/,
  );

  // Generate a report of the Azure clusters; its page follows it to completed.
  await page.goto(`${baseUrl()}/component-diff`);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Component-Diff Report' });
  await chooseOption(page, dialog.getByLabel('Provider'), 'AZURE');
  await dialog.getByLabel('Note').fill('e2e: Azure drift');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expectToast(page, COMPONENT_DIFF_MESSAGES.generated);
  await page.waitForURL(/\/component-diff\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Component-Diff Report \d+$/ }).locator('..')).toContainText(
    'completed',
    { timeout: 20_000 },
  );
  const rows = page.getByRole('table', { name: 'Diff rows' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('AZURE');
  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  await expect(page.getByRole('cell', { name: 'complete', exact: true })).toBeVisible();
});
