import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { demoInitTenants } from './configchange-targets.js';

/** The demo's template and tenant-init configuration changes (seed/configchange-targets.ts). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const base = '/api/v1/devops/cloudconfig';
const call = async (method: 'GET' | 'POST', url: string, who = 'operator@example.com', payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });

describe('template and tenant-init changes in the demo seed', () => {
  it('has one applied, one waiting for apply and one approving change of each target type', async () => {
    for (const target of ['template', 'tenant_init']) {
      const list = (await call('GET', `${base}/changes?target_type=${target}&per_page=100`)).json();
      expect(list.items.map((c: { phase: string }) => c.phase).sort(), target).toEqual([
        'applied',
        'approving',
        'wait_for_apply',
      ]);
      for (const c of list.items) expect(c.created_at < '2026-11-01', `${target} ${c.id}`).toBe(true);
    }
    const tenants = (await call('GET', `${base}/changes?target_type=tenant_init&per_page=100`)).json().items;
    expect(tenants.map((c: { target_id: string }) => c.target_id).sort()).toEqual([...demoInitTenants()].sort());
  });

  it('applied ones ran as finished operations; the template change created its custom template', async () => {
    const [applied] = await t.database.rows<{ id: string; operation_id: string; status: string; steps: number }>(sql`
      select c.id::text, c.operation_id, o.status,
        (select count(*)::int from operation_steps s where s.operation_id = o.id) as steps
      from config_changes c join operations o on o.id::text = c.operation_id
      where c.target_type = 'template' and c.phase = 'applied'`);
    expect(applied).toMatchObject({ status: 'succeeded', steps: 2 });
    const change = (await call('GET', `${base}/changes/${applied!.id}`)).json().change;
    const templateId = change.scope.template.template_id as string;
    const template = (await call('GET', `${base}/templates/${templateId}?cluster_type=DEDICATED_TIDB`)).json().template;
    expect(template).toMatchObject({ name: change.target_id, tags: { template_type: 'custom' } });

    const [tenant] = await t.database.rows<{ target_id: string }>(
      sql`select target_id from config_changes where target_type = 'tenant_init' and phase = 'applied'`,
    );
    const config = (
      await call('GET', `${base}/tenantinit/${tenant!.target_id}/config?cluster_type=DEDICATED_TIDB`)
    ).json().configuration;
    const tidb = config.files.find((f: { config_type: string }) => f.config_type === 'tidb');
    expect(tidb.parameters.find((p: { name: string }) => p.name === 'token-limit')).toMatchObject({
      source: 'custom',
      value: '2000',
    });
  });

  it('the waiting ones can be applied and the approving ones approved by the admin', async () => {
    const rows = await t.database.rows<{ id: string; phase: string; approval_id: string }>(sql`
      select id::text, phase, approval_id from config_changes
      where target_type in ('template', 'tenant_init') and phase in ('wait_for_apply', 'approving')
      order by config_changes.id`);
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      const res =
        r.phase === 'approving'
          ? await call('POST', `/api/v1/devops/approval/approvals/${r.approval_id}/approve`, 'admin@example.com')
          : await call('POST', `${base}/changes/${r.id}/apply`);
      expect(res.statusCode, `${r.phase} ${r.id}`).toBe(200);
    }
    await t.jobs.drain();
    const after = await t.database.rows<{ phase: string }>(sql`
      select phase from config_changes where id in (${sql.join(
        rows.map((r) => sql`${Number(r.id)}`),
        sql`, `,
      )}) order by id`);
    expect(after.map((r) => r.phase)).toEqual(
      rows.map((r) => (r.phase === 'approving' ? 'wait_for_apply' : 'applied')),
    );
  });
});
