import { asc } from 'drizzle-orm';
import {
  CONFIG_ENVIRONMENTS,
  type CloudProvider,
  type ClusterType,
  type Component,
  type ConfigEnvironment,
} from '@portal/contract';
import type { Db } from '../platform/db.js';
import { insertRows } from '../platform/bulk.js';
import {
  ccComponentDefaults,
  ccGitopsVersions,
  ccInstanceTypes,
  ccReleased,
  ccVersionRules,
  ccVersions,
} from '../features/configcenter/schema.js';
import { SEED_VERSIONS } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * The config center's versions side (decision 0012): the cluster versions of every cluster type and where each is
 * released, the default version rules, instance types, the default component images, and the embedded gitops
 * catalogue Sync from Gitops reads — including versions not known yet, so a sync has something to add. Deterministic
 * (fixed data, fixed dates) and bulk-inserted. Runs before `seedConfigCenter`, which builds templates and default
 * cases on these versions.
 */

const DAY = 86_400_000;
const TIDB_VERSIONS = SEED_VERSIONS.map((s) => s.version);
const NEWER_THAN_V7_5 = TIDB_VERSIONS.filter((v) => !/^v(6|7\.1)\./.test(v));

/** The versions new clusters of each type can be created with, oldest first, and the default. */
interface VersionSpec {
  versions: string[];
  default: string;
}
export const SEED_CLUSTER_VERSIONS: Record<ClusterType, VersionSpec> = {
  DEDICATED_TIDB: { versions: TIDB_VERSIONS, default: 'v8.1.1' },
  SHARED_POOL: { versions: ['v7.5.2', 'v7.5.4', 'v8.1.1', 'v8.1.2', 'v8.5.1'], default: 'v8.1.2' },
  LOGICAL_CLUSTER: { versions: ['v8.1.1', 'v8.1.2', 'v8.5.0', 'v8.5.1'], default: 'v8.5.0' },
  // TiCDC follows its upstream's versions; a changefeed runs on its TiCDC cluster's.
  TICDC: { versions: TIDB_VERSIONS, default: 'v8.1.1' },
  CHANGEFEED: { versions: TIDB_VERSIONS, default: 'v8.1.1' },
  TICDC_NG: { versions: ['v8.5.0', 'v8.5.1'], default: 'v8.5.0' },
  CHANGEFEED_NG: { versions: ['v8.5.0', 'v8.5.1'], default: 'v8.5.0' },
};

/**
 * The components with default images per cluster type (the contract's components are TiDB's: TiCDC and changefeed
 * types have none), and from which version on.
 */
const COMPONENTS_OF: Partial<Record<ClusterType, { component: Component; since?: string }[]>> = {
  DEDICATED_TIDB: [
    { component: 'TIKV' },
    { component: 'TIDB' },
    { component: 'TIFLASH' },
    { component: 'TIFLASH_LEARNER' },
    { component: 'PD' },
    { component: 'TIPROXY', since: 'v7.5' },
  ],
  SHARED_POOL: [{ component: 'TIKV' }, { component: 'TIDB' }, { component: 'PD' }],
  LOGICAL_CLUSTER: [{ component: 'TIDB' }, { component: 'TIPROXY', since: 'v7.5' }],
};

const BASE_IMAGES: Record<Component, string> = {
  TIKV: 'pingcap/tikv',
  TIDB: 'pingcap/tidb',
  TIFLASH: 'pingcap/tiflash',
  TIFLASH_LEARNER: 'pingcap/tiflash',
  PD: 'pingcap/pd',
  TIPROXY: 'pingcap/tiproxy',
};

/** TiProxy is versioned on its own: v1.3.0 everywhere (see the rules), v1.2.0 on v7.5. */
const tiproxyTag = (version: string) => (version.startsWith('v7.5.') ? 'v1.2.0' : 'v1.3.0');

/**
 * Hotfix builds staged instead of the plain tag. `prodTag` set: prod still runs that (the hotfix went to dev and
 * staging only), so the images view shows a source tag different from the current one.
 */
const PATCH_TAGS: { clusterType: ClusterType; component: Component; version: string; tag: string; prodTag?: string }[] =
  [
    {
      clusterType: 'DEDICATED_TIDB',
      component: 'TIKV',
      version: 'v8.1.1',
      tag: 'v8.1.1-20241015-5c6ad3a',
      prodTag: 'v8.1.1',
    },
    { clusterType: 'DEDICATED_TIDB', component: 'TIDB', version: 'v7.5.4', tag: 'v7.5.4-20240920-8a1f0de' },
    { clusterType: 'DEDICATED_TIDB', component: 'TIFLASH', version: 'v8.5.0', tag: 'v8.5.0-20250110-c9e2b14' },
    { clusterType: 'DEDICATED_TIDB', component: 'PD', version: 'v8.1.2', tag: 'v8.1.2-20250204-1e7f9a3' },
    { clusterType: 'SHARED_POOL', component: 'TIKV', version: 'v8.1.2', tag: 'v8.1.2-20250301-77b0c2d' },
  ];

/** A version is released to every environment, except each type's newest: prod lags (dev and staging only). */
function releasedTo(clusterType: ClusterType, version: string): ConfigEnvironment[] {
  const { versions } = SEED_CLUSTER_VERSIONS[clusterType];
  return version === versions[versions.length - 1] ? ['dev', 'staging'] : [...CONFIG_ENVIRONMENTS];
}

const atLeastMinor = (version: string, minor: string) => {
  const [a, b] = minor.slice(1).split('.').map(Number);
  const [x, y] = version.slice(1).split('.').map(Number);
  return x! > a! || (x === a && y! >= b!);
};

export const SEED_INSTANCE_TYPES: {
  clusterType: ClusterType;
  cloudProvider: CloudProvider;
  instanceType: string;
  components: Component[];
}[] = [
  ...(
    [
      ['AWS', 'm5.2xlarge', ['TIDB', 'PD', 'TIPROXY']],
      ['AWS', 'c5.4xlarge', ['TIDB']],
      ['AWS', 'r5.2xlarge', ['TIKV']],
      ['AWS', 'm6i.2xlarge', ['TIDB', 'TIKV', 'PD']],
      ['AWS', 'r6i.4xlarge', ['TIKV', 'TIFLASH', 'TIFLASH_LEARNER']],
      ['AWS', 'm6i.xlarge', ['PD', 'TIPROXY']],
      ['GCP', 'n2-standard-8', ['TIDB', 'TIKV', 'PD']],
      ['GCP', 'n2-highmem-8', ['TIKV', 'TIFLASH', 'TIFLASH_LEARNER']],
      ['GCP', 'n2-standard-4', ['PD', 'TIPROXY']],
      ['AZURE', 'Standard_D8s_v5', ['TIDB', 'PD', 'TIPROXY']],
      ['AZURE', 'Standard_E8s_v5', ['TIKV', 'TIFLASH', 'TIFLASH_LEARNER']],
    ] as const
  ).map(([p, i, c]) => ({
    clusterType: 'DEDICATED_TIDB' as const,
    cloudProvider: p,
    instanceType: i,
    components: [...c],
  })),
  { clusterType: 'SHARED_POOL', cloudProvider: 'AWS', instanceType: 'm6i.2xlarge', components: ['TIDB', 'PD'] },
  { clusterType: 'SHARED_POOL', cloudProvider: 'AWS', instanceType: 'r6i.2xlarge', components: ['TIKV'] },
  {
    clusterType: 'SHARED_POOL',
    cloudProvider: 'GCP',
    instanceType: 'n2-standard-8',
    components: ['TIDB', 'TIKV', 'PD'],
  },
  { clusterType: 'LOGICAL_CLUSTER', cloudProvider: 'AWS', instanceType: 'm6i.xlarge', components: ['TIDB', 'TIPROXY'] },
  { clusterType: 'LOGICAL_CLUSTER', cloudProvider: 'GCP', instanceType: 'n2-standard-4', components: ['TIDB'] },
  // TiCDC nodes run no TiDB component (the TICDC image is the TiCDC feature's).
  { clusterType: 'TICDC', cloudProvider: 'AWS', instanceType: 'c5.2xlarge', components: [] },
  { clusterType: 'TICDC', cloudProvider: 'AWS', instanceType: 'm5.2xlarge', components: [] },
  { clusterType: 'TICDC', cloudProvider: 'GCP', instanceType: 'n2-standard-8', components: [] },
  { clusterType: 'TICDC', cloudProvider: 'AZURE', instanceType: 'Standard_D8s_v5', components: [] },
  { clusterType: 'TICDC_NG', cloudProvider: 'AWS', instanceType: 'm6i.2xlarge', components: [] },
  { clusterType: 'TICDC_NG', cloudProvider: 'GCP', instanceType: 'n2-standard-8', components: [] },
];

type Rule = [Component, CloudProvider | null, string | null, string | null, string];
/** Default version rules: component, provider, region, cluster version (null: any) → default component version. */
export const SEED_VERSION_RULES: Rule[] = [
  ['TIPROXY', null, null, null, 'v1.3.0'],
  ['TIPROXY', 'ALICLOUD', 'cn-hangzhou', null, 'v1.2.0'],
  ['TIPROXY', null, null, 'v7.5.2', 'v1.2.0'],
  ['TIPROXY', null, null, 'v7.5.4', 'v1.2.0'],
  // TiFlash follows the cluster version.
  ...NEWER_THAN_V7_5.map((v): Rule => ['TIFLASH', null, null, v, v]),
  ['TIFLASH_LEARNER', null, null, 'v8.5.1', 'v8.5.1'],
  // AWS only: the TiKV build with the EBS stall fix; one region first for the newest line.
  ['TIKV', 'AWS', null, 'v8.1.1', 'v8.1.2'],
  ['TIKV', 'AWS', 'us-east-1', 'v8.5.0', 'v8.5.1'],
  ['PD', 'GCP', null, 'v7.5.4', 'v7.5.5'],
  ['TIDB', 'AZURE', 'westeurope', 'v8.1.2', 'v8.1.2'],
];

/** The embedded gitops catalogue: per branch, the versions it lists; some not in cc_versions yet. */
export function seedGitopsVersions(): (typeof ccGitopsVersions.$inferInsert)[] {
  const rows: (typeof ccGitopsVersions.$inferInsert)[] = [];
  const list = (branch: string, clusterType: ClusterType, versions: string[], tierBranch: string | null = null) => {
    for (const version of versions) rows.push({ branch, clusterType, version, tierBranch });
  };
  for (const [clusterType, { versions }] of Object.entries(SEED_CLUSTER_VERSIONS) as [
    ClusterType,
    { versions: string[] },
  ][])
    list('3layer-prod', clusterType, versions);
  // Published to prod's branch, not in the console yet.
  list('3layer-prod', 'DEDICATED_TIDB', ['v7.5.5', 'v8.5.2']);
  list('3layer-prod', 'TICDC', ['v8.5.2']);
  list('3layer-prod', 'CHANGEFEED', ['v8.5.2']);
  list('3layer-prod', 'TICDC_NG', ['v8.5.2']);
  list('3layer-prod', 'DEDICATED_TIDB', ['v9.0.0'], 'tier-canary');
  // Staging runs ahead.
  for (const [clusterType, { versions }] of Object.entries(SEED_CLUSTER_VERSIONS) as [
    ClusterType,
    { versions: string[] },
  ][])
    list(
      '3layer-staging',
      clusterType,
      versions.filter((v) => atLeastMinor(v, 'v7.5')),
    );
  list('3layer-staging', 'DEDICATED_TIDB', ['v7.5.5', 'v8.5.2', 'v8.5.3', 'v9.0.0']);
  list('3layer-staging', 'TICDC', ['v8.5.2', 'v8.5.3']);
  list('3layer-staging', 'TICDC_NG', ['v8.5.2', 'v8.5.3']);
  list('3layer-staging', 'SHARED_POOL', ['v8.5.2']);
  return rows;
}

export async function seedConfigVersions(tx: Db): Promise<void> {
  const versionRows: (typeof ccVersions.$inferInsert)[] = [];
  const released: (typeof ccReleased.$inferInsert)[] = [];
  const componentRows: (typeof ccComponentDefaults.$inferInsert)[] = [];
  for (const [clusterType, spec] of Object.entries(SEED_CLUSTER_VERSIONS) as [ClusterType, VersionSpec][]) {
    spec.versions.forEach((version, i) => {
      const createdAt = new Date(DEMO_BASE_TIME - (spec.versions.length - i) * 45 * DAY);
      versionRows.push({ clusterType, version, isDefault: version === spec.default, source: 'seed', createdAt });
      for (const environment of releasedTo(clusterType, version))
        released.push({
          environment,
          kind: 'version',
          key: `${clusterType}:${version}`,
          value: {},
          releaseId: null,
          releasedAt: new Date(createdAt.getTime() + (CONFIG_ENVIRONMENTS.indexOf(environment) + 1) * 7 * DAY),
        });
      for (const { component, since } of COMPONENTS_OF[clusterType] ?? []) {
        if (since && !atLeastMinor(version, since)) continue;
        const patch = PATCH_TAGS.find(
          (p) => p.clusterType === clusterType && p.component === component && p.version === version,
        );
        const tag = component === 'TIPROXY' ? tiproxyTag(version) : (patch?.tag ?? version);
        componentRows.push({
          clusterType,
          component,
          version,
          baseImage: BASE_IMAGES[component],
          imageTag: tag,
          changeId: null,
          createdAt,
        });
      }
    });
  }
  await insertRows(tx, ccVersions, versionRows);
  await insertRows(tx, ccComponentDefaults, componentRows);

  // The component images released per environment, keyed by component default id.
  const defaults = await tx
    .select({
      id: ccComponentDefaults.id,
      clusterType: ccComponentDefaults.clusterType,
      component: ccComponentDefaults.component,
      version: ccComponentDefaults.version,
      baseImage: ccComponentDefaults.baseImage,
      imageTag: ccComponentDefaults.imageTag,
      createdAt: ccComponentDefaults.createdAt,
    })
    .from(ccComponentDefaults)
    .orderBy(asc(ccComponentDefaults.id));
  for (const d of defaults) {
    const clusterType = d.clusterType as ClusterType;
    const patch = PATCH_TAGS.find(
      (p) => p.clusterType === clusterType && p.component === d.component && p.version === d.version,
    );
    for (const environment of releasedTo(clusterType, d.version))
      released.push({
        environment,
        kind: 'component',
        key: String(d.id),
        value: {
          base_image: d.baseImage,
          image_tag: environment === 'prod' && patch?.prodTag ? patch.prodTag : d.imageTag,
        },
        releaseId: null,
        releasedAt: new Date(d.createdAt.getTime() + (CONFIG_ENVIRONMENTS.indexOf(environment) + 1) * 7 * DAY),
      });
  }
  await insertRows(tx, ccReleased, released);

  await insertRows(
    tx,
    ccVersionRules,
    SEED_VERSION_RULES.map(([component, cloudProvider, region, clusterVersion, version]) => ({
      component,
      cloudProvider,
      region,
      clusterVersion,
      version,
    })),
  );
  await insertRows(tx, ccInstanceTypes, SEED_INSTANCE_TYPES);
  await insertRows(tx, ccGitopsVersions, seedGitopsVersions());
}
