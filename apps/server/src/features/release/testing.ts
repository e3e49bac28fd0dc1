import { eq, sql } from 'drizzle-orm';
import type { CreateReleaseChangeBody, DevopsRelease, ReleaseChange } from '@portal/contract';
import type { TestApp } from '../../test/app.js';
import { relChanges } from './schema.js';

/** Test helpers of the release area (used by its *.test.ts files only). */
export const OPERATOR = 'operator@example.com';
export const ADMIN = 'admin@example.com';
export const R = '/api/v1/devops/releases';
export const C = '/api/v1/devops/codehost';

type Method = 'GET' | 'POST' | 'PUT';

export function api(t: TestApp) {
  const call = async (method: Method, url: string, who = OPERATOR, payload?: object) =>
    t.app.inject({ method, url, headers: await t.as(who), ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
  const ok = async (method: Method, url: string, who = OPERATOR, payload?: object) => {
    const res = await call(method, url, who, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const self = {
    call,
    ok,
    /** The first available clusters of the seeded fleet (by id), as deploy targets. */
    async availableClusters(n: number): Promise<string[]> {
      const rows = await t.database.rows<{ id: string }>(sql`
        select id from clusters where status = 'USER_CLUSTER_STATUS_AVAILABLE' and cluster_type = 'DEDICATED_TIDB'
        order by id desc limit ${n}`);
      return rows.map((r) => r.id);
    },
    async release(environment = 'dev', description = 'test release', who = OPERATOR): Promise<DevopsRelease> {
      return (await ok('POST', R, who, { environment, description })).release;
    },
    getRelease: async (id: string): Promise<DevopsRelease> => (await ok('GET', `${R}/${id}`)).release,
    async change(
      releaseId: string,
      body: Partial<CreateReleaseChangeBody> = {},
      who = OPERATOR,
    ): Promise<ReleaseChange> {
      return (
        await ok('POST', `${R}/${releaseId}/changes`, who, { title: 'A change', component: 'tidb-operator', ...body })
      ).change;
    },
    getChange: async (releaseId: string, id: string): Promise<ReleaseChange> =>
      (await ok('GET', `${R}/${releaseId}/changes/${id}`)).change,
    act: (releaseId: string, changeId: string, action: string, body: object = {}, who = OPERATOR) =>
      call('POST', `${R}/${releaseId}/changes/${changeId}/${action}`, who, body),
    ticket: (releaseId: string, body: object, who = OPERATOR) => call('POST', `${R}/${releaseId}/tickets`, who, body),
    ticketStatus: (releaseId: string, name: string, status: string, note = '', who = OPERATOR) =>
      call('PUT', `${R}/${releaseId}/tickets/${name}/status`, who, { status, note }),
    decide: (approvalId: string, decision: 'approve' | 'reject', who = ADMIN) =>
      call('POST', `/api/v1/devops/approval/approvals/${approvalId}/${decision}`, who, {}),
    /** Puts a change straight into a status (to test what each status allows). */
    async setStatus(changeId: string, status: string): Promise<void> {
      await t.database.db
        .update(relChanges)
        .set({ status })
        .where(eq(relChanges.id, Number(changeId)));
    },
    /** A change of a fresh release brought to ready through the API (no pull requests, no tickets). */
    async readyChange(environment = 'dev', body: Partial<CreateReleaseChangeBody> = {}) {
      const release = await self.release(environment);
      const change = await self.change(release.id, body);
      await ok('POST', `${R}/${release.id}/changes/${change.id}/submit`);
      const ready = (await ok('POST', `${R}/${release.id}/changes/${change.id}/check_ready`)).change as ReleaseChange;
      if (ready.status !== 'ready') throw new Error(`not ready: ${ready.ready_check?.reasons.join('; ')}`);
      return { release, change: ready };
    },
    /** Audit rows of a release, oldest first. */
    audit: (releaseId: string) =>
      t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(sql`
        select operation, operator, details from audit_logs
        where type = 'release' and instance_id = ${releaseId} order by id`),
  };
  return self;
}
