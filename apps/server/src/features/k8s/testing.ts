import { sql } from 'drizzle-orm';
import type { K8sUpgradeTaskDetail } from '@portal/contract';
import type { TestApp } from '../../test/app.js';

/** Test helpers of the k8s area (used by its *.test.ts files only). */
export const OPERATOR = 'operator@example.com';
export const ADMIN = 'admin@example.com';
export const VIEWER = 'sam.okafor@example.com';
export const P = '/api/v1/devops/cluster';
export const TASKS = `${P}/k8sUpgradeTasks`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function api(t: TestApp) {
  const call = async (method: Method, url: string, payload?: object, who = OPERATOR) =>
    t.app.inject({
      method,
      url,
      headers: await t.as(who),
      ...(method === 'POST' || method === 'PUT' ? { payload: payload ?? {} } : {}),
    });
  const ok = async (method: Method, url: string, payload?: object, who = OPERATOR) => {
    const res = await call(method, url, payload, who);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  /** The seeded task with this name (ids are assigned by the seed). */
  const seededId = async (name: string): Promise<string> => {
    const rows = await t.database.rows<{ id: string }>(
      sql`select id::text from k8s_upgrade_tasks where name = ${name}`,
    );
    if (!rows[0]) throw new Error(`no seeded task ${name}`);
    return rows[0].id;
  };
  return {
    call,
    ok,
    seededId,
    task: (id: string): Promise<K8sUpgradeTaskDetail> => ok('GET', `${TASKS}/${id}`),
    create: (body: object, who = OPERATOR) => call('POST', TASKS, body, who),
    action: (id: string, action: 'submit' | 'cancel' | 'close' | 'exclude', body?: object, who = OPERATOR) =>
      call('POST', `${TASKS}/${id}/${action}`, body, who),
    info: (name: string) => ok('GET', `${P}/k8sInfos/${name}`),
    /** Audit rows of a task, oldest first. */
    audit: (id: string) =>
      t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(sql`
        select operation, operator, details from audit_logs
        where type = 'k8s_upgrade_task' and instance_id = ${id} order by id`),
    version: async (name: string) =>
      (await t.database.rows<{ version: string }>(sql`select version from k8s_clusters where name = ${name}`))[0]
        ?.version,
    poolVersions: async (name: string) =>
      (
        await t.database.rows<{ version: string }>(
          sql`select p.version from k8s_node_pools p join k8s_clusters k on k.id = p.k8s_cluster_id
              where k.name = ${name} order by p.name`,
        )
      ).map((r) => r.version),
  };
}
