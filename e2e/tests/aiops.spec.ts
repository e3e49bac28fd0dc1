import { expect, test, type Page } from '@playwright/test';
import { AIOPS_MESSAGES, aiopsApi } from '@portal/contract';
import type { AiopsIssue, AiopsReportSummary, ListResult } from '@portal/contract';
import { apiGet, baseUrl, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * AIOps through the UI (spec §2 /aiops/issues, /aiops/issues/{issue_key}, /aiops/reports/{report_id}): from the list
 * an operator opens an open issue (seeded from the metrics model's anomaly windows), sees its evidence chart and the
 * playground link, acknowledges it and resolves it after a confirmation; it reads Resolved on its page and in the
 * list. Then a daily report opens from the Reports tab. On a database a previous run already used, an acknowledged
 * issue stands in for the open one.
 */

const header = (page: Page) => page.locator('.page-header');

test('aiops: list → issue → acknowledge → resolve → Resolved; a report opens', async ({ browser }) => {
  const page = await signedInPage(browser, '/aiops/issues', OPERATOR);
  const pick = async (status: string) =>
    (await apiGet<ListResult<AiopsIssue>>(page, aiopsApi.issues.path, { status, per_page: 1 })).items[0];
  const issue = (await pick('open')) ?? (await pick('acknowledged'));
  expect(issue, 'an open or acknowledged issue to work on').toBeDefined();

  // The list: real rows; filtered to the issue's status, its row links to its page.
  await expect(page.getByRole('table', { name: 'AIOps issues' }).getByRole('row').nth(1)).toBeVisible();
  await page.goto(`${baseUrl()}/aiops/issues?status=${issue!.status}&search=${issue!.key}`);
  await page.getByRole('table', { name: 'AIOps issues' }).getByRole('link', { name: issue!.key }).click();
  await expect(page).toHaveURL(new RegExp(`/aiops/issues/${issue!.key}$`));
  await expect(page.getByRole('heading', { name: `${issue!.key} ${issue!.rule_name}` })).toBeVisible();

  // The evidence: a chart of the metric, and the playground link with its query.
  await expect(page.getByRole('img', { name: new RegExp(`^${issue!.metric} around ${issue!.key}:`) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in Playground' })).toHaveAttribute('href', /^\/playground\?query=/);

  if (issue!.status === 'open') {
    await header(page).getByRole('button', { name: 'Acknowledge' }).click();
    await expectToast(page, AIOPS_MESSAGES.acknowledged);
    await expect(header(page).getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
  }
  await header(page).getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Resolve ${issue!.key}?`);
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expectToast(page, AIOPS_MESSAGES.resolved);
  await expect(header(page).getByText('Resolved', { exact: true })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Resolve' })).toBeDisabled();

  await page.goto(`${baseUrl()}/aiops/issues?search=${issue!.key}`);
  const row = page.getByRole('table', { name: 'AIOps issues' }).getByRole('row', { name: new RegExp(issue!.key) });
  await expect(row.getByText('Resolved', { exact: true })).toBeVisible();

  // A report: from the Reports tab to its page.
  const { items } = await apiGet<ListResult<AiopsReportSummary>>(page, aiopsApi.reports.path, { per_page: 1 });
  const report = items[0]!;
  await page.getByRole('tab', { name: 'Reports' }).click();
  await page.getByRole('table', { name: 'AIOps reports' }).getByRole('link', { name: report.id }).click();
  await expect(page.getByRole('heading', { name: `Daily Report ${report.day}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Issues by severity' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top clusters' }).getByRole('row').nth(1)).toBeVisible();
});
