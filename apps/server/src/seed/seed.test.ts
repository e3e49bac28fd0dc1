import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { CLUSTER_STATUSES, CLUSTER_TYPES, CLOUD_PROVIDERS, TENANT_STATUSES } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildDemoPlatform } from './platform.js';
import { seedScale } from './scale.js';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from './accounts.js';
import { verifyPassword } from '../idp/password.js';
import { buildApp } from '../app.js';
import { openPglite, runMigrations, type Database } from '../platform/db.js';
import { demoSeedParts } from '../platform/schema.js';
import { testConfig } from '../test/config.js';
import { seedIfEmpty, seedStaticPart } from './demo.js';

describe('the demo platform data', () => {
  it('is deterministic and of the intended size and shape', () => {
    const a = buildDemoPlatform();
    expect(buildDemoPlatform()).toEqual(a);
    expect(a.tenants.length).toBe(50);
    expect(a.projects.length).toBeGreaterThanOrEqual(170);
    expect(a.projects.length).toBeLessThanOrEqual(230);
    expect(a.clusters.length).toBeGreaterThanOrEqual(500);
    expect(a.clusters.length).toBeLessThanOrEqual(700);
    for (const t of a.tenants) {
      expect(t.id).toMatch(/^\d{19}$/);
      expect(TENANT_STATUSES).toContain(t.status);
    }
    for (const c of a.clusters) {
      expect(CLUSTER_STATUSES).toContain(c.status);
      expect(CLUSTER_TYPES).toContain(c.clusterType);
      expect(CLOUD_PROVIDERS).toContain(c.provider);
      expect(c.version).toMatch(/^v\d+\.\d+\.\d+$/);
      expect(c.errmsg !== null).toBe(c.status === 'USER_CLUSTER_STATUS_UNAVAILABLE');
    }
    const share = (p: (c: (typeof a.clusters)[number]) => boolean) => a.clusters.filter(p).length / a.clusters.length;
    expect(share((c) => c.status === 'USER_CLUSTER_STATUS_AVAILABLE')).toBeGreaterThan(0.6);
    expect(share((c) => c.clusterType === 'DEDICATED_TIDB')).toBeGreaterThan(0.5);
    expect(share((c) => c.isByoc === true)).toBeGreaterThan(0);
    expect(new Set(a.clusters.map((c) => c.provider)).size).toBe(4);
    // Ids never collide with the scale seed's ranges (15…, 16…, 17…).
    for (const id of [...a.tenants, ...a.projects, ...a.clusters].map((r) => r.id)) expect(id).not.toMatch(/^1[567]/);
  });
});

describe('the demo accounts', () => {
  it('store a scrypt hash of the demo password, made once rather than at every fresh start', async () => {
    expect(DEMO_PASSWORD_HASH).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword(DEMO_PASSWORD, DEMO_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword(`${DEMO_PASSWORD}x`, DEMO_PASSWORD_HASH)).toBe(false);
  });
});

describe('the scale seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const n = async (q: SQL) => Number((await t.database.rows<{ n: string | number }>(q))[0]!.n);
  const snapshot = async () => ({
    tenants: await n(sql`select count(*) as n from tenants`),
    projects: await n(sql`select count(*) as n from projects`),
    clusters: await n(sql`select count(*) as n from clusters`),
    components: await n(sql`select count(*) as n from cluster_components`),
    indexes: await n(
      sql`select count(*) as n from pg_indexes where tablename in ('tenants', 'projects', 'clusters', 'cluster_components')`,
    ),
    fks: await n(
      sql`select count(*) as n from pg_constraint where contype = 'f' and conrelid in ('clusters'::regclass, 'projects'::regclass, 'cluster_components'::regclass)`,
    ),
    enabledTriggers: await n(
      sql`select count(*) as n from pg_trigger where not tgisinternal and tgenabled <> 'D' and tgrelid in ('tenants'::regclass, 'projects'::regclass, 'clusters'::regclass)`,
    ),
  });

  async function expectCountersExact() {
    expect(await n(sql`select coalesce(sum(n), 0) as n from cluster_counts`)).toBe(
      await n(sql`select count(*) as n from clusters`),
    );
    expect(
      await n(sql`select count(*) as n from (select status, provider, cluster_type, count(*) as c from clusters group by 1, 2, 3) r
        full join cluster_counts k using (status, provider, cluster_type) where r.c is distinct from k.n and coalesce(k.n, 0) <> 0`),
    ).toBe(0);
    expect(await n(sql`select coalesce(sum(n), 0) as n from tenant_counts`)).toBe(
      await n(sql`select count(*) as n from tenants`),
    );
    expect(await n(sql`select n from project_counts`)).toBe(await n(sql`select count(*) as n from projects`));
  }

  it('adds the requested tenants (~4 projects each) and clusters, keeping indexes, keys, triggers and counters', async () => {
    const before = await snapshot();
    const report = await seedScale(t.database, { tenants: 300, clusters: 3000, chunk: 1000 });
    const after = await snapshot();
    expect(after.tenants - before.tenants).toBe(300);
    expect(after.clusters - before.clusters).toBe(3000);
    const projectsPerTenant = (after.projects - before.projects) / 300;
    expect(projectsPerTenant).toBeGreaterThan(3);
    expect(projectsPerTenant).toBeLessThan(5);
    expect(after.components).toBeGreaterThan(before.components + 3000);
    expect({ indexes: after.indexes, fks: after.fks, enabledTriggers: after.enabledTriggers }).toEqual({
      indexes: before.indexes,
      fks: before.fks,
      enabledTriggers: before.enabledTriggers,
    });
    expect(report.counts.clusters).toBe(after.clusters);
    await expectCountersExact();

    // Every generated row is consistent: a cluster's project belongs to the cluster's tenant; values are in range.
    expect(
      await n(
        sql`select count(*) as n from clusters c join projects p on p.id = c.project_id where p.tenant_id <> c.tenant_id`,
      ),
    ).toBe(0);
    expect(
      await n(
        sql`select count(*) as n from clusters where created_at > now() or errmsg is null and status = 'USER_CLUSTER_STATUS_UNAVAILABLE'`,
      ),
    ).toBe(0);
    const statuses = (
      await t.database.rows<{ s: string }>(sql`select distinct status as s from clusters where id like '17%'`)
    ).map((r) => r.s);
    for (const s of statuses) expect(CLUSTER_STATUSES).toContain(s);
  });

  it('is deterministic and idempotent: the same run again adds nothing', async () => {
    const first = await t.database.rows(sql`select * from clusters where id like '17%' order by id limit 50`);
    const before = await snapshot();
    await seedScale(t.database, { tenants: 300, clusters: 3000, chunk: 700 });
    expect(await snapshot()).toEqual(before);
    expect(await t.database.rows(sql`select * from clusters where id like '17%' order by id limit 50`)).toEqual(first);
    await expectCountersExact();
  });

  it('--reset starts over from the demo data', async () => {
    const demoClusters = buildDemoPlatform().clusters.length;
    await t.database.db.execute(sql`update clusters set status = 'USER_CLUSTER_STATUS_PAUSED' where id like '1%'`);
    await seedScale(t.database, { tenants: 100, clusters: 500, reset: true });
    const after = await snapshot();
    expect(after.clusters).toBe(demoClusters + 500);
    expect(after.tenants).toBe(50 + 100);
    const demoPaused = buildDemoPlatform().clusters.filter((c) => c.status === 'USER_CLUSTER_STATUS_PAUSED').length;
    expect(
      await n(
        sql`select count(*) as n from clusters where id not like '17%' and status = 'USER_CLUSTER_STATUS_PAUSED'`,
      ),
    ).toBe(demoPaused);
    await expectCountersExact();
  });
});

describe('the demo seed in two parts (the build seeds the static part into its demo template)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const counts = async (database: Database) => {
    const tables = await database.rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%'
          order by 1`,
    );
    const out: Record<string, number> = {};
    for (const { name } of tables) {
      // What an installation makes for itself at its start, not the seed's: the issuer's keys and sessions, and the
      // jobs its features queue once the app is ready (the compared test app's are).
      if (['idp_keys', 'oidc_payloads', 'jobs'].includes(name)) continue;
      const [row] = await database.rows<{ n: string | number }>(sql`select count(*) as n from ${sql.identifier(name)}`);
      out[name] = Number(row!.n);
    }
    return out;
  };

  it('a database holding the static part gets the live part once, ending with the rows of a whole seed', async () => {
    const config = testConfig();
    const database = await openPglite(undefined);
    await runMigrations(database, config);
    const { app, ctx } = await buildApp(config, database, { stepTimeScale: 0 });
    try {
      await ctx.db.transaction(async (tx) => {
        await seedStaticPart(ctx, tx);
        await tx.insert(demoSeedParts).values({ part: 'static' });
      });
      const half = await counts(database);
      expect(half.portal_users).toBeGreaterThan(0);
      expect(half.incidents).toBe(0);
      expect(half.notification_workflows).toBe(0);

      expect(await seedIfEmpty(ctx)).toBe(true);
      const whole = await counts(database);
      expect(whole.incidents).toBeGreaterThan(0);
      expect(whole).toEqual(await counts(t.database));
      const parts = await database.db.select({ part: demoSeedParts.part }).from(demoSeedParts);
      expect(parts.map((p) => p.part).sort()).toEqual(['live', 'static']);

      // Once: a restart seeds nothing more.
      expect(await seedIfEmpty(ctx)).toBe(false);
      expect(await counts(database)).toEqual(whole);
    } finally {
      await app.close();
      await database.close();
    }
    // A whole demo seed into a fresh database and three counts of every table: ~7 s on an idle machine, 56 s in the
    // PostgreSQL pass of CI (one worker at a lower priority, beside the browser tests), and over 60 s on a slower one.
  }, 240_000);

  it('a database seeded before the parts were marked (users, no marker) is left alone', async () => {
    await t.database.db.delete(demoSeedParts);
    const before = await counts(t.database);
    expect(await seedIfEmpty(t.ctx)).toBe(false);
    expect(await counts(t.database)).toEqual(before);
  }, 60_000);
});
