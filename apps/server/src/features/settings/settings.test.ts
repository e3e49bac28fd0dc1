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

describe('GET /api/v1/admin/system-settings', () => {
  it('answers every setting: the demo changes, the defaults of the rest, who changed what last', async () => {
    const res = await get(await t.as('sam.okafor@example.com'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as SystemSettings;
    expect(body.values).toEqual({
      ...SYSTEM_SETTING_DEFAULTS,
      session_max_hours: 8,
      privilege_grant_max_days: 14,
      support_session_max_minutes: 120,
    });
    expect(body.defaults).toEqual(SYSTEM_SETTING_DEFAULTS);
    expect(body.settings.map((s) => s.key)).toEqual(SYSTEM_SETTING_KEYS);
    expect(body.settings.find((s) => s.key === 'maintenance_banner')).toEqual({
      key: 'maintenance_banner',
      updated_by: null,
      updated_at: null,
    });
    expect(body.settings.find((s) => s.key === 'privilege_grant_max_days')!.updated_by).toBe('priya.raman@example.com');
    // The most recent change: support_session_max_minutes, by admin@.
    expect(body.updated_by).toBe('admin@example.com');
    expect(body.updated_at).toBe(body.settings.find((s) => s.key === 'support_session_max_minutes')!.updated_at);
  });

  it('reads a stored value that breaks its rule as the default', async () => {
    await t.database.db
      .insert(systemSettings)
      .values({ key: 'default_page_size', value: 37, updatedBy: 'someone' })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: 37 } });
    expect(await getSetting(t.database.db, 'default_page_size')).toBe(SYSTEM_SETTING_DEFAULTS.default_page_size);
    expect(((await get(admin)).json() as SystemSettings).values.default_page_size).toBe(20);
    await t.database.db.delete(systemSettings).where(eq(systemSettings.key, 'default_page_size'));
  });
});

describe('PUT /api/v1/admin/system-settings', () => {
  it('stores what changed, one audit row per key with before/after, and getSetting reads it', async () => {
    const before = (await settingAudits()).length;
    const res = await put(admin, {
      maintenance_banner: '  Upgrade on Saturday 02:00 UTC  ',
      session_max_hours: 8,
      default_page_size: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SystemSettings;
    expect(body.values.maintenance_banner).toBe('Upgrade on Saturday 02:00 UTC');
    expect(body.values.default_page_size).toBe(50);
    expect(body.updated_by).toBe('admin@example.com');
    expect(await getSetting(t.database.db, 'default_page_size')).toBe(50);
    const audits = (await settingAudits()).slice(before);
    // session_max_hours was already 8: no row for it.
    expect(audits.map((a) => [a.instanceId, a.operator, a.operation])).toEqual([
      ['maintenance_banner', 'admin@example.com', 'update_setting'],
      ['default_page_size', 'admin@example.com', 'update_setting'],
    ]);
    expect(audits[1]!.details).toEqual({ before: { default_page_size: 20 }, after: { default_page_size: 50 } });
  });

  it('writes nothing when nothing changed', async () => {
    const before = (await settingAudits()).length;
    const [row] = await t.database.db.select().from(systemSettings).where(eq(systemSettings.key, 'session_max_hours'));
    const res = await put(admin, { session_max_hours: 8, approval_required_for_prod: true });
    expect(res.statusCode).toBe(200);
    expect((await settingAudits()).length).toBe(before);
    const [after] = await t.database.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, 'session_max_hours'));
    expect(after).toEqual(row);
    // A default never changed stays unstored.
    const stored = await t.database.db
      .select()
      .from(systemSettings)
      .where(and(eq(systemSettings.key, 'approval_required_for_prod')));
    expect(stored).toEqual([]);
  });

  it('names each invalid setting with a clear message, and stores none of the batch', async () => {
    const before = await t.database.rows<{ n: string | number }>(sql`select count(*) as n from audit_logs`);
    const res = await put(admin, {
      maintenance_banner: 'x'.repeat(201),
      session_max_hours: 25,
      approval_required_for_prod: 'yes',
      privilege_grant_max_days: 1.5,
      default_page_size: 30,
      support_session_max_minutes: 5,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual([
      'body.maintenance_banner: at most 200 characters',
      'body.session_max_hours: a whole number from 1 to 24',
      'body.approval_required_for_prod: true or false',
      'body.privilege_grant_max_days: a whole number from 1 to 90',
      'body.default_page_size: one of 10, 20, 50, 100',
      'body.support_session_max_minutes: a whole number from 15 to 480',
    ]);
    const unknown = await put(admin, { theme: 'dark' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldMessages(unknown)[0]).toContain('not a setting');
    const empty = await put(admin, {});
    expect(fieldMessages(empty)).toEqual(['body: name at least one setting']);
    const after = await t.database.rows<{ n: string | number }>(sql`select count(*) as n from audit_logs`);
    expect(after).toEqual(before);
  });

  it('needs admin.settings: operators read but cannot change', async () => {
    const operator = await t.as('operator@example.com');
    expect((await get(operator)).statusCode).toBe(200);
    const res = await put(operator, { session_max_hours: 2 });
    expect(res.statusCode).toBe(403);
    expect((res.json() as ErrorBody).message).toContain('admin.settings');
  });
});
