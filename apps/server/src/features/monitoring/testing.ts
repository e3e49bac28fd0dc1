import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app.js';

/** Test helpers of the monitoring area (used by its *.test.ts files only). */
export const OPERATOR = 'operator@example.com';
export const VIEWER = 'sam.okafor@example.com';
export const P = '/api/v1/devops/monitoring';
export const REPORTS = `${P}/component-diff/reports`;

type Method = 'GET' | 'POST';

export function api(t: TestApp) {
  const call = async (method: Method, url: string, payload?: object, who = OPERATOR) =>
    t.app.inject({
      method,
      url,
      headers: await t.as(who),
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
  const ok = async (method: Method, url: string, payload?: object, who = OPERATOR) => {
    const res = await call(method, url, payload, who);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    call,
    ok,
    /** Audit rows of a report, oldest first. */
    audit: (id: string) =>
      t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(sql`
        select operation, operator, details from audit_logs
        where type = 'component_diff_report' and instance_id = ${id} order by id`),
  };
}
