import { sql } from 'drizzle-orm';
import type { CreateMaintenanceBody, MaintenanceDetail } from '@portal/contract';
import type { TestApp } from '../../test/app.js';

/** Test helpers of the maintenance feature (used by its *.test.ts files only). */
export const OPERATOR = 'operator@example.com';
export const VIEWER = 'sam.okafor@example.com';
export const BASE = '/api/v1/devops/cluster/maintenances';

export interface FreeProject {
  projectId: string;
  tenantId: string;
  clusterIds: string[];
}

/**
 * Projects whose dedicated available clusters are in no maintenance at all (seeded or made by an earlier test), at
 * least `min` of them: each call hands out the next project, so tests never share clusters.
 */
export function projectPicker(t: TestApp, min = 2) {
  const taken = new Set<string>();
  return async (): Promise<FreeProject> => {
    const rows = await t.database.rows<{ project_id: string; tenant_id: string; ids: string[] }>(sql`
      select c.project_id, c.tenant_id, array_agg(c.id order by c.id) as ids from clusters c
      where c.cluster_type = 'DEDICATED_TIDB' and c.status = 'USER_CLUSTER_STATUS_AVAILABLE'
        and not exists (select 1 from cluster_maintenance_executions e where e.cluster_id = c.id)
        and not exists (select 1 from cluster_maintenances m where m.project_id = c.project_id)
      group by c.project_id, c.tenant_id having count(*) >= ${min}
      order by c.project_id`);
    const row = rows.find((r) => !taken.has(r.project_id));
    if (!row) throw new Error('no free project left');
    taken.add(row.project_id);
    return { projectId: row.project_id, tenantId: row.tenant_id, clusterIds: row.ids };
  };
}

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

export function api(t: TestApp) {
  const call = async (method: 'GET' | 'POST', url: string, who = OPERATOR, payload?: object) =>
    t.app.inject({ method, url, headers: await t.as(who), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
  return {
    call,
    list: (query = '', who = OPERATOR) => call('GET', `${BASE}${query}`, who),
    create: (body: Partial<CreateMaintenanceBody>, who = OPERATOR) => call('POST', BASE, who, body),
    detail: async (id: string): Promise<MaintenanceDetail> => (await call('GET', `${BASE}/${id}`)).json(),
    close: (id: string, reason?: string, who = OPERATOR) =>
      call('POST', `${BASE}/${id}/close`, who, reason === undefined ? {} : { reason }),
    act: (id: string, execution: string, action: 'start' | 'finish' | 'cancel', reason?: string, who = OPERATOR) =>
      call('POST', `${BASE}/${id}/executions/${execution}/${action}`, who, reason === undefined ? {} : { reason }),
    /** Creates a maintenance (asserting success) and returns it. */
    async createOk(body: CreateMaintenanceBody, who = OPERATOR): Promise<MaintenanceDetail> {
      const res = await call('POST', BASE, who, body);
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
}

/** Audit rows of one maintenance, oldest first. */
export function auditRows(t: TestApp, id: string) {
  return t.database.rows<{ operator: string; operation: string; details: Record<string, unknown> }>(sql`
    select operator, operation, details from audit_logs
    where type = 'cluster_maintenance' and instance_id = ${id} order by operate_at, id`);
}

/**
 * Moves a maintenance's window as if time had passed: its schedule time and deadline shift by `hours` (negative: into
 * the past), and its window job becomes due when it should be by then.
 */
export async function shiftWindow(t: TestApp, id: string, hours: number): Promise<void> {
  const by = `${hours} hours`;
  await t.database.rows(sql`
    update cluster_maintenances set schedule_time = schedule_time + ${by}::interval,
      deadline = deadline + ${by}::interval where id = ${Number(id)}`);
  await t.database.rows(sql`
    update jobs set run_at = run_at + ${by}::interval
    where dedupe_key = ${`maintenance.window:${id}`} and status = 'queued'`);
}
