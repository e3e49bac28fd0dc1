import { expect, test } from '@playwright/test';
import { OPERATOR, signedInPage } from './helpers.js';

/**
 * The metrics playground through the UI (spec §2 /playground; issue 14): a shared link with a query and a range shows
 * the query's series as a chart and a table (the embedded model of the demo fleet); a query that does not parse shows
 * the parser's error with its position, and nothing runs. Read only.
 */

test('Playground: a shared query shows a chart and rows; a bad query shows where it is wrong', async ({ browser }) => {
  const query = 'sum by (region) (tidb_qps)';
  const page = await signedInPage(browser, `/playground?${new URLSearchParams({ query, range: '6h' })}`, OPERATOR);
  await expect(page.getByRole('heading', { name: 'Playground' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'PromQL query' })).toHaveValue(query);
  await expect(page.getByRole('img', { name: /^sum by \(region\) \(tidb_qps\): .+ latest / })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Series' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(3);
  await expect(page.getByLabel('Query summary')).toContainText('every 2m');

  const input = page.getByRole('textbox', { name: 'PromQL query' });
  await input.fill('tidb_qps{region="us-east-1" provider="AWS"}');
  await expect(page.locator('#mp-query-error')).toHaveText('Expected "," or "}" at column 29, found "provider"');
  await expect(page.getByRole('button', { name: 'Run Query' })).toBeDisabled();
  await input.fill('topk(3, tidb_qps{provider="AWS"})');
  await page.getByRole('button', { name: 'Run Query' }).click();
  await expect(page).toHaveURL(/query=topk%283%2C\+tidb_qps%7Bprovider%3D%22AWS%22%7D%29&range=6h/);
  await expect(page.getByLabel('Query summary')).toContainText('topk(3, tidb_qps{provider="AWS"})');
});
