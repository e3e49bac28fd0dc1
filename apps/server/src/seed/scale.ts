import { sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db.js';
import {
  COMPONENT_SHAPES,
  SEED_CLUSTER_STATUSES,
  SEED_CLUSTER_TYPES,
  SEED_PROVIDERS,
  SEED_VERSIONS,
  TENANT_ORG_TAGS,
  UNAVAILABLE_REASONS,
} from './catalogue.js';
import { DEMO_BASE_TIME, PROJECT_NAMES, seedDemoEntities, seedProviders } from './platform.js';

/**
 * The scale seed: N tenants, ~4 projects each, M clusters (and their components), generated set-based in SQL
 * (`INSERT … SELECT … FROM generate_series`), deterministic (every attribute is a hash of the row number; no
 * random()), in one transaction. Ids live in their own ranges (tenants 15…, projects 16…, clusters 17…; all 19
 * digits), apart from the demo data, so a rerun with the same sizes inserts nothing new (ON CONFLICT DO NOTHING)
 * and a larger rerun only adds rows.
 *
 * During the load the counter triggers are disabled and the secondary indexes and foreign keys dropped (building an
 * index once, or validating a foreign key in one join, is far cheaper than maintaining it row by row — the trigram
 * GIN indexes above all); all come back, and the counters are recomputed, before the transaction commits: DDL is
 * transactional, so a failed run leaves the database as it was.
 */

export interface ScaleOptions {
  tenants: number;
  clusters: number;
  /** Truncate tenants/projects/clusters first (the demo tenants are put back). */
  reset?: boolean;
  /** Rows per INSERT statement. */
  chunk?: number;
  log?: (line: string) => void;
}

export interface ScaleReport {
  phases: { phase: string; ms: number }[];
  totalMs: number;
  counts: { tenants: number; projects: number; clusters: number; components: number };
}

export const SCALE_TENANT_BASE = 1_500_000_000_000_000_000n;
export const SCALE_PROJECT_BASE = 1_600_000_000_000_000_000n;
export const SCALE_CLUSTER_BASE = 1_700_000_000_000_000_000n;
/** Projects per tenant are 1..7 (average 4); a tenant's project k has id PROJECT_BASE + tenant * 8 + k. */
const MAX_PROJECTS = 7;

const PLATFORM_TABLES = ['tenants', 'projects', 'clusters', 'cluster_components'] as const;
const TRIGGER_TABLES = ['tenants', 'projects', 'clusters'] as const;
const tableArray = `ARRAY[${PLATFORM_TABLES.map((t) => `'${t}'::regclass`).join(', ')}]`;

const ADJECTIVES = [
  'Blue',
  'Silver',
  'Northern',
  'Bright',
  'Quantum',
  'Green',
  'Golden',
  'Rapid',
  'Summit',
  'Coastal',
  'Urban',
  'Prime',
  'Vertex',
  'Crimson',
  'Atlas',
  'Nova',
  'Pioneer',
  'Granite',
  'Harbor',
  'Cedar',
  'Lumen',
  'Orbit',
  'Polar',
  'Sterling',
];
const NOUNS = [
  'Analytics',
  'Logistics',
  'Payments',
  'Health',
  'Retail',
  'Media',
  'Robotics',
  'Energy',
  'Labs',
  'Systems',
  'Games',
  'Insurance',
  'Mobility',
  'Foods',
  'Telecom',
  'Security',
  'Travel',
  'Capital',
  'Software',
  'Networks',
  'Bio',
  'Freight',
];
const SUFFIXES = ['Inc', 'Ltd', 'GmbH', 'Co', 'LLC', 'Group', 'Pte Ltd', 'KK', 'SA', 'AB'];
const PURPOSES = [
  'orders',
  'users',
  'events',
  'ledger',
  'catalog',
  'sessions',
  'metrics',
  'billing',
  'audit',
  'inventory',
  'htap',
  'olap',
];
const ENVS = ['prod', 'stg', 'dev', 'qa', 'dr'];

// ---------------------------------------------------------------- SQL expression builders (numbers and literals only)

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (items: readonly string[]) => `ARRAY[${items.map(lit).join(', ')}]::text[]`;

/** A deterministic hash of `expr` (a bigint expression) and a salt, in [0, 2^32). */
const h = (expr: string, salt: number) => `(hashint8((${expr})::bigint * 131 + ${salt})::bigint + 2147483648)`;
/** Uniform in [0, 1). */
const u = (expr: string, salt: number) => `(${h(expr, salt)}::float8 / 4294967296.0)`;
/** One of the items, uniformly. */
const pickOf = (items: readonly string[], expr: string, salt: number) =>
  `(${arr(items)})[1 + ${h(expr, salt)} % ${items.length}]`;

/** One of the items by weight: a CASE over the cumulative shares. */
function weightedOf(items: readonly { value: string; weight: number }[], uniform: string): string {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let acc = 0;
  const arms = items.slice(0, -1).map((i) => {
    acc += i.weight;
    return `WHEN ${uniform} < ${(acc / total).toFixed(6)} THEN ${lit(i.value)}`;
  });
  return `(CASE ${arms.join(' ')} ELSE ${lit(items[items.length - 1]!.value)} END)`;
}

/** Enabled (provider, region) pairs, weighted by provider share. */
const PLACES = SEED_PROVIDERS.flatMap((p) => {
  const enabled = p.regions.filter((r) => r.enabled);
  return enabled.map((r) => ({ provider: p.name, region: r.code, weight: p.weight / enabled.length }));
});
const placeIndexOf = (uniform: string) =>
  weightedOf(
    PLACES.map((p, i) => ({ value: String(i + 1), weight: p.weight })),
    uniform,
  ).replace(/'(\d+)'/g, '$1');
const PLACE_PROVIDERS = arr(PLACES.map((p) => p.provider));
const PLACE_REGIONS = arr(PLACES.map((p) => p.region));

const EARLIEST = "timestamptz '2022-01-01 00:00:00+00'";
const BASE = `timestamptz ${lit(new Date(DEMO_BASE_TIME).toISOString())}`;

/** A tenant's attributes from its number g, shared by the tenant, project and cluster statements. */
const tenantExpr = {
  place: (g: string) => placeIndexOf(u(g, 1)),
  status: (g: string) =>
    weightedOf(
      [
        { value: 'ACTIVE', weight: 90 },
        { value: 'SUSPENDED', weight: 5 },
        { value: 'CLOSING', weight: 2 },
        { value: 'CLOSED', weight: 3 },
      ],
      u(g, 2),
    ),
  createdAt: (g: string) => `(${EARLIEST} + ${u(g, 3)} * (${BASE} - interval '60 days' - ${EARLIEST}))`,
  projects: (g: string) => `(1 + ${h(g, 4)} % ${MAX_PROJECTS})`,
};
const projectCreatedExpr = (g: string, k: string) =>
  `(${tenantExpr.createdAt(g)} + ${u(`${g} * 8 + ${k}`, 5)} * (${BASE} - ${tenantExpr.createdAt(g)}) / 3)`;

function tenantsSql(from: number, to: number): string {
  const g = 'g';
  return `
INSERT INTO tenants (id, name, region, status, email, org_tag, created_at)
SELECT (${SCALE_TENANT_BASE} + g)::text,
       ${pickOf(ADJECTIVES, g, 10)} || ' ' || ${pickOf(NOUNS, g, 11)} || ' ' || ${pickOf(SUFFIXES, g, 12)} || ' ' || g,
       (${PLACE_REGIONS})[${tenantExpr.place(g)}],
       ${tenantExpr.status(g)},
       ${pickOf(['admin', 'ops', 'dba', 'it', 'platform'], g, 13)} || '@' || lower(${pickOf(NOUNS, g, 11)}) || g || '.example.com',
       CASE WHEN ${u(g, 14)} < 0.45 THEN ${pickOf(TENANT_ORG_TAGS, g, 15)} END,
       ${tenantExpr.createdAt(g)}
FROM generate_series(${from}, ${to}) AS g
ON CONFLICT (id) DO NOTHING`;
}

function projectsSql(from: number, to: number): string {
  const g = 'g';
  return `
INSERT INTO projects (id, tenant_id, name, region, created_at)
SELECT (${SCALE_PROJECT_BASE} + g * 8 + k)::text,
       (${SCALE_TENANT_BASE} + g)::text,
       (${arr(PROJECT_NAMES)})[1 + (${h(g, 20)} + k) % ${PROJECT_NAMES.length}],
       (${PLACE_REGIONS})[${tenantExpr.place(g)}],
       ${projectCreatedExpr(g, 'k')}
FROM generate_series(${from}, ${to}) AS g
CROSS JOIN LATERAL generate_series(1, ${tenantExpr.projects(g)}) AS k
ON CONFLICT (id) DO NOTHING`;
}

/** Component shapes as a VALUES list: (cluster_type, component, ordinal, replicas[], specs[], storage[], chance). */
function shapesValues(): string {
  const rows: string[] = [];
  for (const [type, shapes] of Object.entries(COMPONENT_SHAPES)) {
    shapes!.forEach((s, i) =>
      rows.push(
        `(${lit(type)}, ${lit(s.component)}, ${i + 1}, ARRAY[${s.replicas.join(',')}]::int[], ${arr(s.specs)}, ARRAY[${s.storageGib.join(',')}]::int[], ${s.chance})`,
      ),
    );
  }
  return rows.join(',\n       ');
}

/**
 * Clusters i in [from, to] and their components in one statement. Cluster i belongs to tenant
 * 1 + floor(N·x²) for a uniform x (a few large tenants, a long tail of small ones) and to one of its projects.
 */
/** A scale cluster's number from its id (keeps the hash arithmetic far from bigint overflow). */
const CI = `(ins.id::bigint - ${SCALE_CLUSTER_BASE})`;

function clustersSql(from: number, to: number, tenants: number): string {
  const i = 'i';
  const g = 'c.g';
  const status = `CASE ${tenantExpr.status(g)}
      WHEN 'CLOSED' THEN 'USER_CLUSTER_STATUS_DELETED'
      WHEN 'ACTIVE' THEN ${weightedOf(
        SEED_CLUSTER_STATUSES.map((s) => ({ value: s.status, weight: s.weight })),
        u(i, 33),
      )}
      ELSE 'USER_CLUSTER_STATUS_PAUSED' END`;
  const type = weightedOf(
    SEED_CLUSTER_TYPES.map((t) => ({ value: t.type, weight: t.weight })),
    u(i, 34),
  );
  const place = `CASE WHEN ${u(i, 35)} < 0.7 THEN ${tenantExpr.place(g)} ELSE ${placeIndexOf(u(i, 36))} END`;
  const version = weightedOf(
    SEED_VERSIONS.map((v) => ({ value: v.version, weight: v.weight })),
    u(i, 37),
  );
  const created = `(${projectCreatedExpr(g, 'c.k')} + ${u(i, 38)} * (${BASE} - ${projectCreatedExpr(g, 'c.k')}))`;
  return `
WITH c AS (
  SELECT i, t.g, 1 + ${h(i, 31)} % ${tenantExpr.projects('t.g')} AS k
  FROM generate_series(${from}, ${to}) AS i
  CROSS JOIN LATERAL (SELECT 1 + floor(${tenants} * power(${u(i, 30)}, 2))::bigint AS g) AS t
), d AS (
  SELECT c.*, ${status} AS status, ${type} AS cluster_type, ${place} AS place, ${version} AS version, ${created} AS created_at
  FROM c
), ins AS (
  INSERT INTO clusters (id, name, status, cluster_type, project_id, tenant_id, provider, region, version, is_byoc, errmsg, created_at)
  SELECT (${SCALE_CLUSTER_BASE} + i)::text,
         CASE
           WHEN cluster_type IN ('CHANGEFEED', 'CHANGEFEED_NG') THEN 'cf-' || ${pickOf(PURPOSES, i, 40)} || '-to-' || ${pickOf(['kafka', 's3', 'mysql', 'tidb', 'pulsar'], i, 41)}
           WHEN cluster_type IN ('TICDC', 'TICDC_NG') THEN ${pickOf(ENVS, i, 42)} || '-cdc'
           WHEN cluster_type = 'SHARED_POOL' THEN ${pickOf(ENVS, i, 42)} || '-pool'
           ELSE ${pickOf(PURPOSES, i, 40)} || '-' || ${pickOf(ENVS, i, 42)}
         END || '-' || i,
         status, cluster_type,
         (${SCALE_PROJECT_BASE} + g * 8 + k)::text,
         (${SCALE_TENANT_BASE} + g)::text,
         (${PLACE_PROVIDERS})[place], (${PLACE_REGIONS})[place], version,
         cluster_type = 'DEDICATED_TIDB' AND (${PLACE_PROVIDERS})[place] IN ('AWS', 'GCP') AND ${u(i, 43)} < 0.06,
         CASE WHEN status = 'USER_CLUSTER_STATUS_UNAVAILABLE' THEN ${pickOf(UNAVAILABLE_REASONS, i, 44)} END,
         created_at
  FROM d
  ON CONFLICT (id) DO NOTHING
  RETURNING id, status, cluster_type, version, created_at
)
INSERT INTO cluster_components (cluster_id, component, replicas, node_spec, storage_gib, version, image_tag)
SELECT ins.id, s.component,
       s.replicas[1 + ${h(CI, 50)} % cardinality(s.replicas)],
       s.specs[1 + ${h(`${CI} * 8 + s.ord`, 51)} % cardinality(s.specs)],
       s.storage[1 + ${h(`${CI} * 8 + s.ord`, 52)} % cardinality(s.storage)],
       ins.version,
       ins.version || '-' || to_char(ins.created_at - interval '1 day' * (1 + ${h(CI, 53)} % 60), 'YYYYMMDD') || '-' || substr(md5(ins.id), 1, 7)
FROM ins
JOIN (VALUES ${shapesValues()}) AS s (cluster_type, component, ord, replicas, specs, storage, chance) ON s.cluster_type = ins.cluster_type
WHERE ins.status <> 'USER_CLUSTER_STATUS_DELETED' AND ${u(`${CI} * 8 + s.ord`, 54)} < s.chance`;
}

// ---------------------------------------------------------------- the run

async function rowsOf<T>(tx: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
}

export async function seedScale(database: Database, opts: ScaleOptions): Promise<ScaleReport> {
  const log = opts.log ?? (() => undefined);
  const chunk = opts.chunk ?? 100_000;
  if (!Number.isInteger(opts.tenants) || opts.tenants < 1) throw new Error('--tenants must be a positive integer');
  if (!Number.isInteger(opts.clusters) || opts.clusters < 0)
    throw new Error('--clusters must be a non-negative integer');
  if (opts.tenants > 99_999_999_999 || opts.clusters > 99_999_999_999)
    throw new Error('sizes are limited to 11 digits');

  const phases: ScaleReport['phases'] = [];
  const started = performance.now();
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push({ phase: name, ms: Math.round(now - mark) });
    log(`  ${name.padEnd(34)} ${((now - mark) / 1000).toFixed(1).padStart(7)} s`);
    mark = now;
  };

  await database.db.transaction(async (tx) => {
    const run = (q: string) => tx.execute(sql.raw(q));
    await run(`SET LOCAL maintenance_work_mem = '${database.kind === 'postgres' ? '1GB' : '256MB'}'`);
    await run(`SET LOCAL work_mem = '64MB'`);
    // Compiling these long expressions costs more than it saves on 100k-row statements.
    if (database.kind === 'postgres') await run('SET LOCAL jit = off');
    await seedProviders(tx);

    if (opts.reset) {
      await run(`TRUNCATE ${[...PLATFORM_TABLES].reverse().join(', ')}`);
      await seedDemoEntities(tx);
      phase('reset (truncate, demo data back)');
    }

    for (const t of TRIGGER_TABLES) await run(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
    const indexes = await rowsOf<{ name: string; def: string }>(
      tx,
      sql.raw(`
        SELECT quote_ident(ci.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
        FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid
        WHERE i.indrelid = ANY (${tableArray})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
        ORDER BY ci.relname`),
    );
    for (const ix of indexes) await run(`DROP INDEX ${ix.name}`);
    // Foreign keys are checked row by row on insert; re-adding one validates all rows in a single join instead.
    const foreignKeys = await rowsOf<{ tbl: string; name: string; def: string }>(
      tx,
      sql.raw(`
        SELECT k.conrelid::regclass::text AS tbl, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS def
        FROM pg_constraint k
        WHERE k.contype = 'f' AND k.conrelid = ANY (${tableArray})
        ORDER BY k.conname`),
    );
    for (const fk of foreignKeys) await run(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${fk.name}`);
    phase(`triggers off, ${indexes.length} indexes and ${foreignKeys.length} foreign keys dropped`);

    for (let from = 1; from <= opts.tenants; from += chunk)
      await run(tenantsSql(from, Math.min(opts.tenants, from + chunk - 1)));
    phase(`tenants (${opts.tenants})`);
    const projectChunk = Math.max(1, Math.floor(chunk / 4));
    for (let from = 1; from <= opts.tenants; from += projectChunk)
      await run(projectsSql(from, Math.min(opts.tenants, from + projectChunk - 1)));
    phase('projects (1-7 per tenant)');
    for (let from = 1; from <= opts.clusters; from += chunk) {
      const to = Math.min(opts.clusters, from + chunk - 1);
      await run(clustersSql(from, to, opts.tenants));
      if (opts.clusters > chunk)
        log(`    clusters ${to.toLocaleString('en-US')} / ${opts.clusters.toLocaleString('en-US')}`);
    }
    phase(`clusters + components (${opts.clusters})`);

    for (const ix of indexes) await run(ix.def);
    phase(`${indexes.length} indexes rebuilt`);
    for (const fk of foreignKeys) await run(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${fk.name} ${fk.def}`);
    phase(`${foreignKeys.length} foreign keys re-added (validated)`);
    await run('SELECT refresh_platform_counts()');
    for (const t of TRIGGER_TABLES) await run(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
    phase('counters recomputed, triggers on');
  });

  // VACUUM too: it sets the visibility map, which index-only scans (the counts over an index) depend on. Right after
  // the bulk commit a VACUUM on PostgreSQL may briefly still see the load's snapshot and mark nothing all-visible:
  // check, and go again shortly.
  for (const t of [
    ...PLATFORM_TABLES,
    'cluster_counts',
    'tenant_counts',
    'project_counts',
    'tenant_sizes',
    'list_days',
  ]) {
    for (let attempt = 0; attempt < 6; attempt++) {
      await database.db.execute(sql.raw(`VACUUM (ANALYZE) ${t}`));
      const [vm] = await rowsOf<{ visible: number; pages: number }>(
        database.db,
        sql`SELECT relallvisible AS visible, relpages AS pages FROM pg_class WHERE oid = ${t}::regclass`,
      );
      if (!vm || Number(vm.visible) >= Number(vm.pages)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  phase('vacuum, analyze');

  const [c] = await rowsOf<Record<string, string | number>>(
    database.db,
    sql`SELECT (SELECT sum(n) FROM tenant_counts) AS tenants, (SELECT n FROM project_counts WHERE scope = 'all') AS projects,
               (SELECT sum(n) FROM cluster_counts) AS clusters, (SELECT count(*) FROM cluster_components) AS components`,
  );
  return {
    phases,
    totalMs: Math.round(performance.now() - started),
    counts: {
      tenants: Number(c?.tenants ?? 0),
      projects: Number(c?.projects ?? 0),
      clusters: Number(c?.clusters ?? 0),
      components: Number(c?.components ?? 0),
    },
  };
}
