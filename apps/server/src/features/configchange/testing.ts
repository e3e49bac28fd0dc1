import { sql } from 'drizzle-orm';
import { CONFIG_FILENAMES, type ConfigType, type CreateChangeBody, type PreviewBody } from '@portal/contract';
import type { TestApp } from '../../test/app.js';

/** Test helpers of the configchange feature (used by its *.test.ts files only). */
export const OPERATOR = 'operator@example.com';
export const ADMIN = 'admin@example.com';
export const base = '/api/v1/devops/cloudconfig';

/**
 * Fresh available dedicated clusters (no custom parameters, no changes) with PD, TiKV and TiDB on a version of the
 * given minor: each call hands out the next one, so tests never share a target.
 */
export function clusterPicker(t: TestApp, minor = 'v8.1') {
  let next = 0;
  return async (): Promise<string> => {
    const rows = await t.database.rows<{ id: string }>(sql`
      select c.id from clusters c
      where c.cluster_type = 'DEDICATED_TIDB' and c.status = 'USER_CLUSTER_STATUS_AVAILABLE' and c.version like ${minor + '.%'}
        and not exists (select 1 from config_changes x where x.target_id = c.id)
        and not exists (select 1 from config_custom_params p where p.target_id = c.id)
        and (select count(*) from cluster_components k where k.cluster_id = c.id and k.component in ('PD', 'TIKV', 'TIDB')) = 3
      order by c.id offset ${next++} limit 1`);
    if (!rows[0]) throw new Error(`no fresh ${minor} cluster left`);
    return rows[0].id;
  };
}

/**
 * Forgets every released default-template binding (the config center's `cc_released`): tests about a target's own
 * parameters then see `custom` and `default` sources only, whatever templates the demo seed releases.
 */
export async function withoutReleasedTemplates(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`delete from cc_released where kind = 'binding'`);
}

export type Files = Partial<Record<ConfigType, Record<string, string | null>>>;

/** A preview/create body: `null` values unset. */
export function changeBody(
  clusterId: string,
  fingerprint: string,
  files: Files,
  extra: Partial<CreateChangeBody> = {},
): CreateChangeBody {
  return {
    change_type: 'config',
    cluster_type: 'DEDICATED_TIDB',
    cluster_id: clusterId,
    files: (Object.entries(files) as [ConfigType, Record<string, string | null>][]).map(([t, p]) => ({
      config_type: t,
      filename: CONFIG_FILENAMES[t],
      custom_parameters: Object.entries(p).map(([name, value]) =>
        value === null
          ? { actionType: 'unset' as const, configType: t, name, type: 'string' as const }
          : { actionType: 'set' as const, configType: t, name, value, type: 'string' as const },
      ),
    })),
    base_fingerprint: fingerprint,
    apply_policy: 'RollingRestart',
    reason: 'test change',
    ...extra,
  };
}

export function api(t: TestApp) {
  const call = async (method: 'GET' | 'POST', url: string, who = OPERATOR, payload?: object) =>
    t.app.inject({ method, url, headers: await t.as(who), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
  return {
    call,
    config: async (id: string) =>
      (await call('GET', `${base}/clusters/${id}/config?cluster_type=DEDICATED_TIDB`)).json(),
    fingerprint: async (id: string): Promise<string> =>
      (await call('GET', `${base}/clusters/${id}/config`)).json().configuration.fingerprint,
    preview: (id: string, body: PreviewBody | CreateChangeBody, who = OPERATOR) =>
      call('POST', `${base}/clusters/${id}/changes/preview`, who, body),
    create: (id: string, body: CreateChangeBody, who = OPERATOR) =>
      call('POST', `${base}/clusters/${id}/changes`, who, body),
    detail: async (changeId: string) => (await call('GET', `${base}/changes/${changeId}`)).json().change,
    apply: (changeId: string, who = OPERATOR) => call('POST', `${base}/changes/${changeId}/apply`, who),
    cancel: (changeId: string, who = OPERATOR, reason?: string) =>
      call('POST', `${base}/changes/${changeId}/cancel`, who, reason ? { reason } : {}),
    decide: (approvalId: string, decision: 'approve' | 'reject', who = ADMIN) =>
      call('POST', `/api/v1/devops/approval/approvals/${approvalId}/${decision}`, who),
    /** Creates a change of `files` on a cluster and returns its id (asserting success). */
    async createOk(id: string, files: Files, extra: Partial<CreateChangeBody> = {}, who = OPERATOR): Promise<string> {
      const res = await call(
        'POST',
        `${base}/clusters/${id}/changes`,
        who,
        changeBody(id, await this.fingerprint(id), files, extra),
      );
      if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return res.json().change_id as string;
    },
  };
}

/** A default case (cluster type, version, provider and instance type, null: Any; config type; region Any). */
export interface CaseKey {
  clusterType?: string;
  version: string;
  configType: string;
  provider?: string | null;
  instanceType?: string | null;
}

let templates = 0;
/**
 * A new default template of the config center with `parameters`, bound to the default case (created when missing) and
 * released to `environment` (prod unless told; null: only staged). Raw SQL: the config center's tables are its own.
 */
export async function bindTemplate(
  t: TestApp,
  c: CaseKey,
  parameters: Record<string, string>,
  environment: string | null = 'prod',
): Promise<number> {
  const clusterType = c.clusterType ?? 'DEDICATED_TIDB';
  const params = JSON.stringify(Object.entries(parameters).map(([name, value]) => ({ name, value, comment: '' })));
  const minor = c.version.split('.').slice(0, 2).join('.');
  const [tpl] = await t.database.rows<{ id: string }>(sql`
    insert into cc_templates (name, cluster_type, template_type, config_type, effective_minor_version, creator_email,
      parameters)
    values (${`test-template-${c.configType}-${++templates}`}, ${clusterType}, 'default', ${c.configType}, ${minor},
      ${ADMIN}, ${params}::jsonb)
    returning id`);
  const templateId = Number(tpl!.id);
  const found = await t.database.rows<{ id: string }>(sql`
    select id from cc_default_cases
    where cluster_type = ${clusterType} and version = ${c.version} and config_type = ${c.configType}
      and coalesce(cloud_provider, '') = ${c.provider ?? ''} and coalesce(instance_type, '') = ${c.instanceType ?? ''}
      and region is null`);
  let caseId = found[0]?.id;
  if (caseId)
    await t.database.db.execute(sql`update cc_default_cases set template_id = ${templateId} where id = ${caseId}`);
  else
    caseId = (
      await t.database.rows<{ id: string }>(sql`
        insert into cc_default_cases (cluster_type, version, cloud_provider, instance_type, config_type, template_id)
        values (${clusterType}, ${c.version}, ${c.provider ?? null}, ${c.instanceType ?? null}, ${c.configType},
          ${templateId})
        returning id`)
    )[0]!.id;
  if (environment)
    await t.database.db.execute(sql`
      insert into cc_released (environment, kind, key, value)
      values (${environment}, 'binding', ${String(caseId)}, ${JSON.stringify({ template_id: templateId })}::jsonb)
      on conflict (environment, kind, key) do update set value = excluded.value`);
  return templateId;
}

/** The custom templates of a name (what an applied template change creates). */
export function customTemplates(t: TestApp, name: string) {
  return t.database.rows<{
    id: string;
    name: string;
    cluster_type: string;
    template_type: string;
    config_type: string | null;
    effective_minor_version: string;
    creator_email: string;
    custom_data: unknown;
  }>(sql`
    select id::text as id, name, cluster_type, template_type, config_type, effective_minor_version, creator_email,
      custom_data
    from cc_templates where name = ${name} and template_type = 'custom'`);
}
