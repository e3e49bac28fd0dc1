import { and, asc, count, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { componentVersionsQuery, versionRuleQuery } from '@portal/contract';
import type { Db } from '../../../platform/db.js';
import { listOrder, pageWindow } from '../../../platform/list-query.js';
import { ccComponentDefaults, ccInstanceTypes, ccReleased, ccVersionRules, ccVersions } from '../schema.js';

export type VersionRow = typeof ccVersions.$inferSelect;
export type VersionRuleRow = typeof ccVersionRules.$inferSelect;
export type InstanceTypeRow = typeof ccInstanceTypes.$inferSelect;

/** `v8.1.10` as `{8,1,10}`: orders versions by number, not text (v8.1.10 after v8.1.9); null for a non-version. */
const semverKey = (column: typeof ccComponentDefaults.version): SQL =>
  sql`(regexp_match(${column}, '^v(\\d+)\\.(\\d+)\\.(\\d+)'))::int[]`;

// ---------------------------------------------------------------- versions

export function selectVersions(db: Db, clusterType: string): Promise<VersionRow[]> {
  return db.select().from(ccVersions).where(eq(ccVersions.clusterType, clusterType));
}

export async function findVersion(db: Db, clusterType: string, version: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(ccVersions)
    .where(and(eq(ccVersions.clusterType, clusterType), eq(ccVersions.version, version)));
  return row;
}

/** Environment per released version of a cluster type: `cc_released` kind `version`, key `CLUSTER_TYPE:version`. */
export function selectReleasedVersions(db: Db, clusterType: string): Promise<{ environment: string; key: string }[]> {
  return db
    .select({ environment: ccReleased.environment, key: ccReleased.key })
    .from(ccReleased)
    .where(and(eq(ccReleased.kind, 'version'), like(ccReleased.key, `${clusterType.replace(/[\\%_]/g, '\\$&')}:%`)));
}

/** Makes `version` the only default of its cluster type in one statement; returns the defaults before. */
export async function setDefaultVersion(tx: Db, clusterType: string, version: string): Promise<string[]> {
  const before = await tx
    .select({ version: ccVersions.version })
    .from(ccVersions)
    .where(and(eq(ccVersions.clusterType, clusterType), eq(ccVersions.isDefault, true)));
  await tx
    .update(ccVersions)
    .set({ isDefault: sql`${ccVersions.version} = ${version}` })
    .where(
      and(
        eq(ccVersions.clusterType, clusterType),
        sql`${ccVersions.isDefault} is distinct from (${ccVersions.version} = ${version})`,
      ),
    );
  return before.map((r) => r.version);
}

/** Inserts the versions that do not exist yet (source `gitops`); returns those it inserted. */
export async function insertMissingVersions(
  tx: Db,
  versions: { clusterType: string; version: string }[],
): Promise<{ clusterType: string; version: string }[]> {
  if (versions.length === 0) return [];
  return tx
    .insert(ccVersions)
    .values(versions.map((v) => ({ clusterType: v.clusterType, version: v.version, source: 'gitops' })))
    .onConflictDoNothing()
    .returning({ clusterType: ccVersions.clusterType, version: ccVersions.version });
}

/** Which of `keys` (`CLUSTER_TYPE:version`) exist. */
export async function existingVersionKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const key = sql<string>`${ccVersions.clusterType} || ':' || ${ccVersions.version}`;
  const rows = await db.select({ key }).from(ccVersions).where(inArray(key, keys));
  return new Set(rows.map((r) => r.key));
}

// ---------------------------------------------------------------- version rules

export async function listVersionRules(
  db: Db,
  q: z.output<typeof versionRuleQuery>,
): Promise<{ rows: VersionRuleRow[]; total: number }> {
  const where = q.component?.length ? inArray(ccVersionRules.component, q.component) : undefined;
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ccVersionRules)
      .where(where)
      .orderBy(...listOrder(q.sort, { component: ccVersionRules.component }, ccVersionRules.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccVersionRules).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- components and instance types

/** The components with default images for a cluster type. */
export async function selectComponents(db: Db, clusterType: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ component: ccComponentDefaults.component })
    .from(ccComponentDefaults)
    .where(eq(ccComponentDefaults.clusterType, clusterType));
  return rows.map((r) => r.component);
}

export async function listComponentVersions(
  db: Db,
  q: z.output<typeof componentVersionsQuery>,
): Promise<{ rows: { version: string; baseImage: string; imageTag: string }[]; total: number }> {
  const c = ccComponentDefaults;
  const where = and(eq(c.clusterType, q.cluster_type), eq(c.component, q.component));
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ version: c.version, baseImage: c.baseImage, imageTag: c.imageTag })
      .from(c)
      .where(where)
      .orderBy(...listOrder(q.sort, { version: [semverKey(c.version), c.version] }, c.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(c).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function selectInstanceTypes(db: Db, clusterType: string): Promise<InstanceTypeRow[]> {
  return db
    .select()
    .from(ccInstanceTypes)
    .where(eq(ccInstanceTypes.clusterType, clusterType))
    .orderBy(asc(ccInstanceTypes.cloudProvider), asc(ccInstanceTypes.instanceType));
}
