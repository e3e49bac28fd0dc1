import { sql } from 'drizzle-orm';
import type { DefaultCaseBinding } from '@portal/contract';
import type { TestApp } from '../../test/app.js';

/** Test helpers of the config center core (used by its *.test.ts files only). */
export const OPERATOR = 'operator@example.com';
export const ADMIN = 'admin@example.com';
export const P = '/api/v1/devops/cloudconfig';
export const CHANGES = `${P}/default_config/changes`;

/** One component's image in an image batch update. */
export const image = (
  component: string,
  version: string,
  tag: string,
  base = `pingcap/${component.toLowerCase()}`,
) => ({
  default_case: { component, version },
  cluster_type: 'DEDICATED_TIDB',
  base_image: base,
  image_tag: tag,
});

export interface CaseRef {
  clusterType?: string;
  version: string;
  configType: string;
  provider?: string | null;
  instanceType?: string | null;
}

export function api(t: TestApp) {
  const call = async (method: 'GET' | 'POST', url: string, who = OPERATOR, payload?: object) =>
    t.app.inject({ method, url, headers: await t.as(who), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
  const ok = async (method: 'GET' | 'POST', url: string, who = OPERATOR, payload?: object) => {
    const res = await call(method, url, who, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const self = {
    call,
    ok,
    /** The default-case table row of a case. */
    async binding(ref: CaseRef): Promise<DefaultCaseBinding> {
      const ct = ref.clusterType ?? 'DEDICATED_TIDB';
      const q = new URLSearchParams({
        cluster_type: ct,
        default_for_version: ref.version,
        config_type_is: ref.configType,
        per_page: '100',
      });
      if (ref.provider) q.set('default_for_cloud_provider', ref.provider);
      const { items } = await ok('GET', `${P}/default_cases?${q}`);
      const row = (items as DefaultCaseBinding[]).find(
        (b) =>
          b.default_case.cloud_provider === (ref.provider ?? null) &&
          b.default_case.instance_type === (ref.instanceType ?? null),
      );
      if (!row) throw new Error(`no default case ${JSON.stringify(ref)}`);
      return row;
    },
    async templateId(name: string): Promise<string> {
      const rows = await t.database.rows<{ id: string }>(sql`select id::text from cc_templates where name = ${name}`);
      if (!rows[0]) throw new Error(`no template ${name}`);
      return rows[0].id;
    },
    /** A Modify body for rows → templates. */
    modification(rows: { b: DefaultCaseBinding; to: string }[], reason = 'test modification') {
      return {
        reason,
        default_case_bindings: rows.map(({ b, to }) => ({
          origin: { template_id: b.current_template.id, cluster_type: b.cluster_type, default_case: b.default_case },
          modified: { template_id: to },
        })),
      };
    },
    async modify(rows: { ref: CaseRef; to: string }[], who = OPERATOR): Promise<string> {
      const list = [];
      for (const r of rows) list.push({ b: await self.binding(r.ref), to: await self.templateId(r.to) });
      return (await ok('POST', `${P}/default_config/changes`, who, self.modification(list))).change_id;
    },
    items: async (changeId: string, query = '') =>
      (await ok('GET', `${P}/default_config/changes/${changeId}/items?per_page=100${query}`)).items,
    change: async (changeId: string) => (await ok('GET', `${P}/default_config/changes/${changeId}`)).change,
    release: (changeId: string, environment: string, who = OPERATOR) =>
      call('POST', `${P}/default_config/changes/${changeId}/releases`, who, { environment, description: 'test' }),
    decide: (approvalId: string, decision: 'approve' | 'reject', who = ADMIN) =>
      call('POST', `/api/v1/devops/approval/approvals/${approvalId}/${decision}`, who, {}),
    /** Batch update templates of a change's items. */
    batch: (changeId: string, body: object, who = OPERATOR) =>
      call('POST', `${CHANGES}/${changeId}/items/batchUpdate`, who, body),
    /** Batch update components: the images of `components` (see `image`). */
    images: (changeId: string, components: object[], who = OPERATOR) =>
      call('POST', `${CHANGES}/${changeId}/components/batchUpdate`, who, {
        batch_update_component_configs: { components },
      }),
    templateRow: (id: string) =>
      t.database
        .rows<{ name: string; change_id: string | null; parameters: { name: string; value: string }[] }>(
          sql`select name, change_id::text, parameters from cc_templates where id = ${Number(id)}`,
        )
        .then((r) => r[0]!),
    close: (changeId: string, body: object, who = OPERATOR) =>
      call('POST', `${P}/default_config/changes/${changeId}/close`, who, body),
    resolve: (q: Record<string, string>) => ok('GET', `${P}/defaults/resolve?${new URLSearchParams(q)}`),
    /** Audit rows of a change, oldest first. */
    audit: (changeId: string) =>
      t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(sql`
        select operation, operator, details from audit_logs
        where type = 'cloud_config_default_config_change' and instance_id = ${changeId} order by id`),
  };
  return self;
}
