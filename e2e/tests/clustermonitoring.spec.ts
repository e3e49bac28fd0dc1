import { expect, test } from '@playwright/test';
import { CLUSTER_ALERT_MESSAGES, clusterMonitoringApi, formatDateTime, orgsApi } from '@portal/contract';
import type { Cluster, CriticalAlert, ListResult } from '@portal/contract';
import { apiGet, baseUrl, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * Cluster monitoring through the UI: the overview's Critical Alerts panel links to a cluster page's Alerts tab, which
 * shows the summary and the alerts; on a seeded dedicated cluster with a critical alert nobody handled, the operator
 * acknowledges it, and the Topology tab lists the stores; the DM Namespaces tab shows namespaces or says there are
 * none. The alert is picked fresh from the demo seed and touched by no other spec.
 */
test('critical alerts lead to a cluster’s Alerts, Topology and DM Namespaces tabs', async ({ browser }) => {
  const page = await signedInPage(browser, '/overview', OPERATOR);

  // The panel: each alert links to its cluster page on the Alerts tab.
  const panel = page.getByRole('list', { name: 'Critical alerts' });
  const first = panel.getByRole('link').first();
  await expect(first).toHaveAttribute('href', /\/orgs\/[^/]+\/clusters\/[^/?]+\?tab=alerts$/);
  await first.click();
  await expect(page).toHaveURL(/\?tab=alerts$/);
  await expect(page.getByLabel('Alert summary').getByText('Firing now')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alerts' }).getByText('Critical').first()).toBeVisible();

  // A dedicated cluster whose critical alert nobody acknowledged or silenced.
  const critical = await apiGet<ListResult<CriticalAlert>>(page, clusterMonitoringApi.criticalAlerts.path, {
    per_page: 100,
  });
  let picked: { alert: CriticalAlert; cluster: Cluster } | undefined;
  for (const alert of critical.items.filter((a) => a.state === 'firing')) {
    const cluster = await apiGet<Cluster>(page, orgsApi.cluster.path.replace(':id', alert.cluster_id));
    if (cluster.cluster_type === 'DEDICATED_TIDB') {
      picked = { alert, cluster };
      break;
    }
  }
  expect(picked, 'a dedicated cluster with an unhandled critical alert in the seed').toBeDefined();
  const { alert, cluster } = picked!;
  // The tab's filters live in the URL: the cluster's critical alerts still firing.
  await page.goto(
    `${baseUrl()}/orgs/${cluster.tenant_id}/clusters/${cluster.id}?tab=alerts&alerts_severity=critical&alerts_status=firing`,
  );
  const row = page
    .getByRole('table', { name: 'Alerts' })
    .getByRole('row')
    .filter({ hasText: alert.summary })
    .filter({ hasText: formatDateTime(alert.starts_at) });
  await expect(row.getByText('Firing', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Acknowledge' }).click();
  await expectToast(page, CLUSTER_ALERT_MESSAGES.acknowledged);
  await expect(row.getByText('Acknowledged', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Topology' }).click();
  const stores = page.getByRole('table', { name: 'Stores' });
  await expect(stores.getByRole('row').nth(1)).toBeVisible();
  await expect(stores.getByText(/tidb.*\.svc:20160/).first()).toBeVisible();

  await page.getByRole('tab', { name: 'DM Namespaces' }).click();
  await expect(
    page
      .getByRole('region', { name: /^DM namespace / })
      .or(page.getByText(/^No DM namespaces/))
      .first(),
  ).toBeVisible();
});
