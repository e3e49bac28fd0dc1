import { expect, test } from '@playwright/test';
import { dashboardApi, dashboardPlaygroundPath } from '@portal/contract';
import type { CloudOncall, DashboardIncidents, DashboardReleases, EngineTenants, TopQps } from '@portal/contract';
import { OPERATOR, apiGet, signInAt } from './helpers.js';

/**
 * The dashboard's overview panels (spec §2 /overview, §7 dashboard): signed in on /overview, each panel shows the
 * demo's real rows — who is on call, the newest unresolved incident, the ongoing releases, the busiest clusters, the
 * tenants with the most TiKV and TiFlash nodes (and by storage after the switch) — linked onward. Read-only.
 */

test('the overview shows the dashboard panels with real rows', async ({ page }) => {
  await signInAt(page, '/overview', OPERATOR);
  const panel = (title: string) => page.getByRole('region', { name: title, exact: true });

  const oncall = await apiGet<CloudOncall>(page, dashboardApi.cloudOncall.path);
  const rotations = panel('Cloud on-call').getByRole('table', { name: 'On-call rotations' });
  await expect(rotations.getByRole('row')).toHaveCount(oncall.total + 1);
  await expect(rotations.getByRole('row', { name: /Cloud primary/ })).toContainText(oncall.items[0]!.current.name);

  const incidents = await apiGet<DashboardIncidents>(page, dashboardApi.incident.path, { limit: 5 });
  const newest = incidents.items[0]!;
  await expect(panel('Incidents').getByRole('link', { name: newest.id, exact: true })).toHaveAttribute(
    'href',
    `/incidents/${newest.id}`,
  );

  const releases = await apiGet<DashboardReleases>(page, dashboardApi.release.path, { limit: 5 });
  const ongoing = releases.ongoing.items[0]!;
  await expect(panel('Releases').getByRole('link', { name: ongoing.release_number }).first()).toHaveAttribute(
    'href',
    `/release/${ongoing.id}`,
  );

  const top = await apiGet<TopQps>(page, dashboardApi.topQps.path, { limit: 10 });
  const busiest = top.items[0]!;
  const qps = panel('Top QPS');
  await expect(qps.getByRole('table', { name: 'Clusters by QPS' }).getByRole('row')).toHaveCount(top.items.length + 1);
  await expect(qps.getByRole('link', { name: busiest.cluster_name!, exact: true })).toHaveAttribute(
    'href',
    `/orgs/${busiest.tenant_id}/clusters/${busiest.cluster_id}`,
  );
  await expect(qps.getByRole('link', { name: 'Open in Playground' })).toHaveAttribute(
    'href',
    dashboardPlaygroundPath(top.query),
  );

  for (const [title, route, label] of [
    ['TiKV tenants', dashboardApi.tikvTenants.path, 'TiKV'],
    ['TiFlash tenants', dashboardApi.tiflashTenants.path, 'TiFlash'],
  ] as const) {
    const byNodes = await apiGet<EngineTenants>(page, route, { by: 'nodes', limit: 10 });
    const byStorage = await apiGet<EngineTenants>(page, route, { by: 'storage', limit: 10 });
    const p = panel(title);
    const first = (d: EngineTenants) => p.getByRole('row').nth(1).getByRole('link', { name: d.items[0]!.tenant_name! });
    await expect(p.getByRole('table', { name: `Tenants by ${label} nodes` })).toBeVisible();
    await expect(first(byNodes)).toHaveAttribute('href', `/orgs/${byNodes.items[0]!.tenant_id}`);
    await p.getByRole('button', { name: 'By storage' }).click();
    await expect(p.getByRole('table', { name: `Tenants by ${label} storage` })).toBeVisible();
    await expect(first(byStorage)).toBeVisible();
  }
});
