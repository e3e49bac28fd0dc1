import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SYSTEM_SETTING_DEFAULTS, SYSTEM_SETTING_KEYS } from '@portal/contract';
import type { ErrorBody, FieldIssue, SystemSettings } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs, systemSettings } from '../../platform/schema.js';
import { getSetting } from './service.js';

type Headers = { authorization: string };
const URL = '/api/v1/admin/system-settings';

let t: TestApp;
let admin: Headers;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin@example.com');
});
afterAll(() => t?.close());

const get = (headers: Headers) => t.app.inject({ method: 'GET', url: URL, headers });
const put = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload: payload as object });
const fieldMessages = (res: { json(): unknown }) =>
  (((res.json() as ErrorBody).details as FieldIssue[]) ?? []).map((d) => `${d.field}: ${d.message}`);

async function settingAudits() {
  return t.database.db.select().from(auditLogs).where(eq(auditLogs.type, 'system_setting')).orderBy(auditLogs.id);
}
const settingRow = async (key: string) =>
  (await t.database.db.select().from(systemSettings).where(eq(systemSettings.key, key)))[0];

describe('GET /api/v1/admin/system-settings', () => {
  it('answers every setting: the demo changes, the defaults of the rest, who changed what last', async () => {
    const res = await get(await t.as('sam.okafor@example.com'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as SystemSettings;
    expect(SYSTEM_SETTING_KEYS).toEqual([
      'maintenance_banner',
      'privilege_grant_max_days',
      'support_session_max_minutes',
    ]);
    expect(body.values).toEqual({
      maintenance_banner: '',
      privilege_grant_max_days: 14,
      support_session_max_minutes: 120,
    });
    expect(body.defaults).toEqual(SYSTEM_SETTING_DEFAULTS);
    expect(body.settings.map((s) => s.key)).toEqual(SYSTEM_SETTING_KEYS);
    // The banner was set and cleared again by admin@: empty on a fresh start, with its history.
    expect(body.settings.find((s) => s.key === 'maintenance_banner')!.updated_by).toBe('admin@example.com');
    expect(body.settings.find((s) => s.key === 'privilege_grant_max_days')!.updated_by).toBe('priya.raman@example.com');
    // The most recent change: support_session_max_minutes, by admin@.
    expect(body.updated_by).toBe('admin@example.com');
    expect(body.updated_at).toBe(body.settings.find((s) => s.key === 'support_session_max_minutes')!.updated_at);
  });

  it('has the seeded history of every change, before and after', async () => {
    const banner = (await settingAudits()).filter((a) => a.instanceId === 'maintenance_banner');
    expect(banner).toHaveLength(2);
    const [set, cleared] = banner as [(typeof banner)[number], (typeof banner)[number]];
    const text = (set.details as { after: { maintenance_banner: string } }).after.maintenance_banner;
    expect(text).toMatch(/^Scheduled maintenance: /);
    expect(set.details).toEqual({ before: { maintenance_banner: '' }, after: { maintenance_banner: text } });
    expect(cleared.details).toEqual({ before: { maintenance_banner: text }, after: { maintenance_banner: '' } });
    expect(cleared.operateAt.getTime()).toBeGreaterThan(set.operateAt.getTime());
  });

  it('reads a stored value that breaks its rule as the default', async () => {
    const seeded = await settingRow('support_session_max_minutes');
    await t.database.db
      .update(systemSettings)
      .set({ value: 5 })
      .where(eq(systemSettings.key, 'support_session_max_minutes'));
    expect(await getSetting(t.database.db, 'support_session_max_minutes')).toBe(240);
    expect(((await get(admin)).json() as SystemSettings).values.support_session_max_minutes).toBe(240);
    await t.database.db
      .update(systemSettings)
      .set({ value: seeded!.value })
      .where(eq(systemSettings.key, 'support_session_max_minutes'));
    expect(await getSetting(t.database.db, 'support_session_max_minutes')).toBe(120);
  });
});

describe('PUT /api/v1/admin/system-settings', () => {
  it('stores what changed, one audit row per key with before/after, and getSetting reads it', async () => {
    const before = (await settingAudits()).length;
    const res = await put(admin, {
      maintenance_banner: '  Upgrade on Saturday 02:00 UTC  ',
      privilege_grant_max_days: 14,
      support_session_max_minutes: 60,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SystemSettings;
    expect(body.values).toEqual({
      maintenance_banner: 'Upgrade on Saturday 02:00 UTC',
      privilege_grant_max_days: 14,
      support_session_max_minutes: 60,
    });
    expect(body.updated_by).toBe('admin@example.com');
    expect(await getSetting(t.database.db, 'support_session_max_minutes')).toBe(60);
    expect(await getSetting(t.database.db, 'maintenance_banner')).toBe('Upgrade on Saturday 02:00 UTC');
    const audits = (await settingAudits()).slice(before);
    // privilege_grant_max_days was already 14: no row for it.
    expect(audits.map((a) => [a.instanceId, a.operator, a.operation])).toEqual([
      ['maintenance_banner', 'admin@example.com', 'update_setting'],
      ['support_session_max_minutes', 'admin@example.com', 'update_setting'],
    ]);
    expect(audits[0]!.details).toEqual({
      before: { maintenance_banner: '' },
      after: { maintenance_banner: 'Upgrade on Saturday 02:00 UTC' },
    });
    expect(audits[1]!.details).toEqual({
      before: { support_session_max_minutes: 120 },
      after: { support_session_max_minutes: 60 },
    });
  });

  it('writes nothing when nothing changed', async () => {
    const before = (await settingAudits()).length;
    const row = await settingRow('privilege_grant_max_days');
    const res = await put(admin, {
      privilege_grant_max_days: 14,
      maintenance_banner: 'Upgrade on Saturday 02:00 UTC ',
    });
    expect(res.statusCode).toBe(200);
    expect((await settingAudits()).length).toBe(before);
    expect(await settingRow('privilege_grant_max_days')).toEqual(row);

    // A setting never changed (no row, as on a database the demo did not seed) stays unstored when sent its default.
    await t.database.db.delete(systemSettings).where(eq(systemSettings.key, 'maintenance_banner'));
    expect((await put(admin, { maintenance_banner: '' })).statusCode).toBe(200);
    expect((await settingAudits()).length).toBe(before);
    const stored = await t.database.db
      .select()
      .from(systemSettings)
      .where(and(eq(systemSettings.key, 'maintenance_banner')));
    expect(stored).toEqual([]);
  });

  it('names each invalid setting with a clear message, and stores none of the batch', async () => {
    const before = await t.database.rows<{ n: string | number }>(sql`select count(*) as n from audit_logs`);
    const res = await put(admin, {
      maintenance_banner: 'x'.repeat(201),
      privilege_grant_max_days: 1.5,
      support_session_max_minutes: 5,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual([
      'body.maintenance_banner: at most 200 characters',
      'body.privilege_grant_max_days: a whole number from 1 to 90',
      'body.support_session_max_minutes: a whole number from 15 to 480',
    ]);
    const typed = await put(admin, {
      maintenance_banner: 42,
      privilege_grant_max_days: '10',
      support_session_max_minutes: 481,
    });
    expect(typed.statusCode).toBe(400);
    expect(fieldMessages(typed)).toEqual([
      'body.maintenance_banner: a text',
      'body.privilege_grant_max_days: a whole number from 1 to 90',
      'body.support_session_max_minutes: a whole number from 15 to 480',
    ]);
    const unknown = await put(admin, { theme: 'dark' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldMessages(unknown)[0]).toContain('not a setting');
    // Settings that no longer exist (nothing read them) are refused like any unknown key.
    for (const removed of ['session_max_hours', 'approval_required_for_prod', 'default_page_size']) {
      const gone = await put(admin, { [removed]: 8 });
      expect(gone.statusCode, removed).toBe(400);
      expect(fieldMessages(gone)[0]).toContain('not a setting');
    }
    const empty = await put(admin, {});
    expect(fieldMessages(empty)).toEqual(['body: name at least one setting']);
    const after = await t.database.rows<{ n: string | number }>(sql`select count(*) as n from audit_logs`);
    expect(after).toEqual(before);
    expect(await getSetting(t.database.db, 'support_session_max_minutes')).toBe(60);
  });

  it('needs admin.settings: operators read but cannot change', async () => {
    const operator = await t.as('operator@example.com');
    expect((await get(operator)).statusCode).toBe(200);
    const res = await put(operator, { support_session_max_minutes: 30 });
    expect(res.statusCode).toBe(403);
    expect((res.json() as ErrorBody).message).toContain('admin.settings');
    expect(await getSetting(t.database.db, 'support_session_max_minutes')).toBe(60);
  });
});
