import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { oidcPayloads } from '../platform/schema.js';
import { dbAdapterFactory, sweepExpired } from './adapter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the oidc_payloads adapter', () => {
  it('upserts, finds and destroys per model', async () => {
    const factory = dbAdapterFactory(t.database.db);
    const sessions = factory('Session');
    const grants = factory('Grant');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a@example.com' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b@example.com' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b@example.com' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'b@example.com' });
    expect(await grants.find('s1')).toBeUndefined();
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('marks consumption', async () => {
    const codes = dbAdapterFactory(t.database.db)('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g0' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
  });

  it('treats expired rows as gone and sweeps them', async () => {
    const interactions = dbAdapterFactory(t.database.db)('Interaction');
    await interactions.upsert('i1', { uid: 'x' }, 60);
    await t.database.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcPayloads.id, 'i1'));
    expect(await interactions.find('i1')).toBeUndefined();
    await sweepExpired(t.database.db);
    expect(await t.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, 'i1'))).toEqual([]);
  });

  it('revokes every token of a grant, of its own model only', async () => {
    const factory = dbAdapterFactory(t.database.db);
    const tokens = factory('AccessToken');
    const codes = factory('AuthorizationCode');
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await tokens.upsert('t2', { grantId: 'g1' }, 60);
    await tokens.upsert('t3', { grantId: 'g2' }, 60);
    await codes.upsert('c2', { grantId: 'g1' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeUndefined();
    expect(await tokens.find('t3')).toBeDefined();
    expect(await codes.find('c2')).toBeDefined();
  });

  it('finds by user code', async () => {
    const devices = dbAdapterFactory(t.database.db)('DeviceCode');
    await devices.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await devices.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  });
});
