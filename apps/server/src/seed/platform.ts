import type { Db } from '../platform/db.js';
import { insertRows } from '../platform/bulk.js';
import { providers, regions } from '../features/providers/schema.js';
import { regionId } from '../features/providers/service.js';
import { clusterComponents, clusters, projects, tenants } from '../features/orgs/schema.js';
import {
  COMPONENT_SHAPES,
  prng,
  SEED_CLUSTER_STATUSES,
  SEED_CLUSTER_TYPES,
  SEED_PROVIDERS,
  SEED_VERSIONS,
  TENANT_ORG_TAGS,
  UNAVAILABLE_REASONS,
  type SeedProvider,
} from './catalogue.js';

/** Every demo timestamp is at or before this instant, so reruns produce identical data. */
export const DEMO_BASE_TIME = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;
const EARLIEST = Date.UTC(2022, 0, 1);

/** Fictional companies (plus the punctuation real names carry: an apostrophe, an ampersand). */
const COMPANIES = [
  'Northwind Traders',
  'Contoso Retail',
  'Fabrikam Logistics',
  'Adventure Works Cycles',
  'Tailspin Toys',
  'Wide World Importers',
  'Litware Analytics',
  'Proseware Systems',
  'Alpine Ski House',
  'Coho Winery',
  'Fourth Coffee',
  'Lucerne Publishing',
  "Margie's Travel",
  'Trey Research',
  'Woodgrove Bank',
  'Blue Yonder Airlines',
  'Graphic Design Institute',
  'Humongous Insurance',
  'Wingtip Toys',
  'Relecloud',
  'VanArsdel Ltd',
  'Bellows College',
  'Southridge Video',
  'A. Datum Corporation',
  'Consolidated Messenger',
  'Nod Publishers',
  'City Power & Light',
  'Lamna Healthcare',
  'Munson Pickles and Preserves',
  'Tidewater Payments',
  'Kestrel Robotics',
  'Brightline Freight',
  'Quantaflow Labs',
  'Meridian Health Partners',
  'Harbor & Finch Capital',
  'Silverpine Games',
  'Orbital Mapping Co',
  'Greenleaf Grocers',
  'Ironbridge Manufacturing',
  'Nimbus Media',
  'Pinecrest Education',
  'Redwood Mobility',
  'Sable Security',
  'Summit Ticketing',
  'Tanager Telecom',
  'Union Square Marketplace',
  'Vantage Energy',
  'Yellowtail Shipping',
  'Zephyr Streaming',
  'Cobalt Insights',
];

/** Project names of the demo and scale data. */
export const PROJECT_NAMES = [
  'production',
  'staging',
  'development',
  'analytics',
  'payments',
  'data-platform',
  'customer-360',
  'ml-features',
  'reporting',
  'inventory',
  'ledger',
  'search',
  'iot-ingest',
  'marketing',
  'risk-engine',
];

const CLUSTER_PURPOSES = [
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
  'profiles',
  'shipments',
  'telemetry',
  'accounts',
];

const SINKS = ['kafka', 's3', 'mysql', 'tidb', 'pulsar', 'gcs'];

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function ymd(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
}

/** The four providers and their regions (idempotent). */
export async function seedProviders(tx: Db): Promise<void> {
  const created = new Date(EARLIEST);
  await tx
    .insert(providers)
    .values(
      SEED_PROVIDERS.map((p) => ({
        id: p.id,
        name: p.name,
        displayName: p.displayName,
        enabled: true,
        createdAt: created,
        updatedAt: created,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(regions)
    .values(
      SEED_PROVIDERS.flatMap((p) =>
        p.regions.map((r) => ({
          id: regionId(p.id, r.code),
          providerId: p.id,
          regionCode: r.code,
          displayName: r.displayName,
          enabled: r.enabled,
          createdAt: created,
          updatedAt: created,
        })),
      ),
    )
    .onConflictDoNothing();
}

type TenantRow = typeof tenants.$inferInsert;
type ProjectRow = typeof projects.$inferInsert;
type ClusterRow = typeof clusters.$inferInsert;
type ComponentRow = typeof clusterComponents.$inferInsert;

export interface DemoPlatformData {
  tenants: TenantRow[];
  projects: ProjectRow[];
  clusters: ClusterRow[];
  components: ComponentRow[];
}

/** Builds the demo tenants, projects, clusters and components: pure and deterministic. */
export function buildDemoPlatform(): DemoPlatformData {
  const r = prng(20_261_101);
  const out: DemoPlatformData = { tenants: [], projects: [], clusters: [], components: [] };
  let tenantId = 1372813089209061633n;
  let projectId = 1379266310843801601n;
  let clusterId = 1034298374651829001n;

  for (const company of COMPANIES) {
    tenantId += BigInt(r.int(1_000_000_000, 9_000_000_000_000));
    const home: SeedProvider = r.weighted(SEED_PROVIDERS);
    const homeRegion = r.pick(home.regions.filter((x) => x.enabled)).code;
    const status = r.weighted([
      { v: 'ACTIVE', weight: 88 },
      { v: 'SUSPENDED', weight: 5 },
      { v: 'CLOSING', weight: 3 },
      { v: 'CLOSED', weight: 4 },
    ]).v;
    // Suspended and closing tenants are small: they wind down rather than grow.
    const live = status === 'ACTIVE';
    const tenantCreated =
      EARLIEST + r.int(0, Math.floor((DEMO_BASE_TIME - EARLIEST) / DAY) - 60) * DAY + r.int(0, DAY - 1);
    const slug = slugOf(company);
    out.tenants.push({
      id: tenantId.toString(),
      name: company,
      region: homeRegion,
      status,
      email: `${r.pick(['admin', 'ops', 'dba', 'it', 'platform'])}@${slug.replace(/-/g, '')}.com`,
      orgTag: r.chance(0.45) ? r.pick(TENANT_ORG_TAGS) : null,
      createdAt: new Date(tenantCreated),
    });

    const projectNames = [...PROJECT_NAMES].sort(() => r.next() - 0.5).slice(0, live ? r.int(2, 7) : r.int(1, 2));
    for (const projectName of projectNames) {
      projectId += BigInt(r.int(1_000, 90_000_000));
      const projectCreated = tenantCreated + r.int(0, Math.floor((DEMO_BASE_TIME - tenantCreated) / 3));
      const pid = projectId.toString();
      out.projects.push({
        id: pid,
        tenantId: tenantId.toString(),
        name: projectName,
        region: homeRegion,
        createdAt: new Date(projectCreated),
      });

      const clusterCount = live ? r.int(1, 5) : r.int(1, 2);
      const used = new Set<string>();
      for (let k = 0; k < clusterCount; k++) {
        clusterId += BigInt(r.int(1_000, 90_000_000));
        const provider = r.chance(0.7) ? home : r.weighted(SEED_PROVIDERS);
        const region = r.pick(provider.regions.filter((x) => x.enabled)).code;
        const clusterType = r.weighted(SEED_CLUSTER_TYPES).type;
        const version = r.weighted(SEED_VERSIONS).version;
        const clusterStatus =
          status === 'CLOSED'
            ? 'USER_CLUSTER_STATUS_DELETED'
            : status === 'SUSPENDED' || status === 'CLOSING'
              ? r.pick(['USER_CLUSTER_STATUS_PAUSED', 'USER_CLUSTER_STATUS_PAUSED', 'USER_CLUSTER_STATUS_DELETING'])
              : r.weighted(SEED_CLUSTER_STATUSES).status;
        const short = projectName.split('-')[0]!;
        let name: string;
        do {
          name =
            clusterType === 'CHANGEFEED' || clusterType === 'CHANGEFEED_NG'
              ? `cf-${r.pick(CLUSTER_PURPOSES)}-to-${r.pick(SINKS)}`
              : clusterType === 'TICDC' || clusterType === 'TICDC_NG'
                ? `${short}-cdc-${r.int(1, 9)}`
                : clusterType === 'SHARED_POOL'
                  ? `${short}-pool-${r.int(1, 9)}`
                  : `${short}-${r.pick(CLUSTER_PURPOSES)}${r.chance(0.3) ? `-${r.int(1, 3)}` : ''}`;
        } while (used.has(name));
        used.add(name);
        const created = projectCreated + r.int(0, DEMO_BASE_TIME - projectCreated - 1);
        const cid = clusterId.toString();
        out.clusters.push({
          id: cid,
          name,
          status: clusterStatus,
          clusterType,
          projectId: pid,
          tenantId: tenantId.toString(),
          provider: provider.name,
          region,
          version,
          isByoc:
            clusterType === 'DEDICATED_TIDB' && (provider.name === 'AWS' || provider.name === 'GCP') && r.chance(0.06),
          errmsg: clusterStatus === 'USER_CLUSTER_STATUS_UNAVAILABLE' ? r.pick(UNAVAILABLE_REASONS) : null,
          createdAt: new Date(created),
        });

        // A deleted cluster runs nothing.
        if (clusterStatus === 'USER_CLUSTER_STATUS_DELETED') continue;
        const buildDate = ymd(created - r.int(1, 60) * DAY);
        const imageTag = `${version}-${buildDate}-${r.hex(7)}`;
        for (const shape of COMPONENT_SHAPES[clusterType] ?? []) {
          if (!r.chance(shape.chance)) continue;
          out.components.push({
            clusterId: cid,
            component: shape.component,
            replicas: r.pick(shape.replicas),
            nodeSpec: r.pick(shape.specs),
            storageGib: r.pick(shape.storageGib),
            version,
            imageTag,
          });
        }
      }
    }
  }
  return out;
}

/** Inserts the demo tenants, projects, clusters and components: one statement per table (bulk.ts). */
export async function seedDemoEntities(tx: Db): Promise<DemoPlatformData> {
  const data = buildDemoPlatform();
  await insertRows(tx, tenants, data.tenants);
  await insertRows(tx, projects, data.projects);
  await insertRows(tx, clusters, data.clusters);
  await insertRows(tx, clusterComponents, data.components);
  return data;
}

/** The demo platform: providers, regions, ~50 tenants, ~200 projects, ~600 clusters and their components. */
export async function seedPlatform(tx: Db): Promise<void> {
  await seedProviders(tx);
  await seedDemoEntities(tx);
}
