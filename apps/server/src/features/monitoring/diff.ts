import { asc, eq, and, sql } from 'drizzle-orm';
import { imageTagMatches, type ComponentDiffKind, type ExpectedImageSource } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { ccComponentDefaults, ccReleased, ccVersionRules } from '../configcenter/index.js';

/*
 * What a cluster's component should run, from the config center, and how it differs from what it runs.
 *
 * Expected version: the most specific default version rule of the config center that matches the component, the
 * cluster's provider, region and version (a rule's null field matches anything; a cluster-version match outweighs a
 * region match, which outweighs a provider match; the newest rule breaks a tie), else the cluster's version.
 *
 * Expected image: the config center's default image of the component (per cluster type and version: at the version a
 * rule moves it to, else at the cluster's version) whose tag is a build of the expected version — as released to
 * production, else as staged; with no such default, the expected version itself is the tag.
 */

export interface VersionRule {
  id: number;
  component: string;
  cloudProvider: string | null;
  region: string | null;
  clusterVersion: string | null;
  version: string;
}

export interface ComponentDefault {
  clusterType: string;
  component: string;
  version: string;
  baseImage: string;
  imageTag: string;
  source: Exclude<ExpectedImageSource, 'version'>;
}

/** The config center's defaults: catalogue-sized (versions × components, a few rules), read once per batch. */
export interface Defaults {
  rules: VersionRule[];
  images: Map<string, ComponentDefault>;
}

const imageKey = (clusterType: string, component: string, version: string) => `${clusterType}|${component}|${version}`;

/** The environment whose released defaults running clusters are held to. */
export const PRODUCTION = 'prod';

export async function loadDefaults(db: Db): Promise<Defaults> {
  const d = ccComponentDefaults;
  const r = ccReleased;
  const [rules, images] = await Promise.all([
    db.select().from(ccVersionRules).orderBy(asc(ccVersionRules.id)),
    db
      .select({
        clusterType: d.clusterType,
        component: d.component,
        version: d.version,
        baseImage: d.baseImage,
        imageTag: d.imageTag,
        released: r.value,
      })
      .from(d)
      .leftJoin(r, and(eq(r.environment, PRODUCTION), eq(r.kind, 'component'), eq(r.key, sql`${d.id}::text`))),
  ]);
  const byKey = new Map<string, ComponentDefault>();
  for (const row of images) {
    const released = row.released as { base_image?: string; image_tag?: string } | null;
    byKey.set(imageKey(row.clusterType, row.component, row.version), {
      clusterType: row.clusterType,
      component: row.component,
      version: row.version,
      baseImage: released?.base_image ?? row.baseImage,
      imageTag: released?.image_tag ?? row.imageTag,
      source: released?.image_tag ? 'released' : 'staged',
    });
  }
  return { rules, images: byKey };
}

export interface ClusterFacts {
  clusterType: string;
  provider: string;
  region: string;
  version: string;
}

/** The most specific rule matching the component on this cluster (see above), if any. */
export function matchRule(rules: readonly VersionRule[], component: string, c: ClusterFacts): VersionRule | undefined {
  let best: VersionRule | undefined;
  let bestScore = -1;
  for (const rule of rules) {
    if (rule.component !== component) continue;
    if (rule.cloudProvider !== null && rule.cloudProvider !== c.provider) continue;
    if (rule.region !== null && rule.region !== c.region) continue;
    if (rule.clusterVersion !== null && rule.clusterVersion !== c.version) continue;
    const score =
      (rule.clusterVersion !== null ? 4 : 0) + (rule.region !== null ? 2 : 0) + (rule.cloudProvider !== null ? 1 : 0);
    if (score > bestScore || (score === bestScore && best !== undefined && rule.id > best.id)) {
      best = rule;
      bestScore = score;
    }
  }
  return best;
}

/** The release a tag is a build of: `v8.1.1` for `v8.1.1-20240510-9f0c2ab` (and for `v8.1.1`). */
export const releaseOf = (tag: string): string => tag.split('-')[0] ?? tag;

export interface Expected {
  version: string;
  versionSource: 'rule' | 'cluster';
  baseImage: string | null;
  imageTag: string;
  imageSource: ExpectedImageSource;
}

export function expectedFor(defaults: Defaults, component: string, c: ClusterFacts): Expected {
  const rule = matchRule(defaults.rules, component, c);
  const version = rule?.version ?? c.version;
  const candidates = [rule ? defaults.images.get(imageKey(c.clusterType, component, rule.version)) : undefined];
  candidates.push(defaults.images.get(imageKey(c.clusterType, component, c.version)));
  const image = candidates.find((d) => d !== undefined && releaseOf(d.imageTag) === version);
  const anyDefault = candidates.find((d) => d !== undefined);
  return {
    version,
    versionSource: rule ? 'rule' : 'cluster',
    baseImage: image?.baseImage ?? anyDefault?.baseImage ?? null,
    imageTag: image?.imageTag ?? version,
    imageSource: image?.source ?? 'version',
  };
}

export interface RunningComponent {
  component: string;
  version: string;
  imageTag: string;
}

export interface ComponentDifference {
  difference: ComponentDiffKind;
  expected: Expected;
}

/** How a running component differs from what its cluster's version expects; null when it runs what is expected. */
export function compareComponent(
  defaults: Defaults,
  cluster: ClusterFacts,
  running: RunningComponent,
): ComponentDifference | null {
  const expected = expectedFor(defaults, running.component, cluster);
  const versionDiffers = running.version !== expected.version;
  const imageDiffers = !imageTagMatches(expected.imageTag, running.imageTag);
  if (!versionDiffers && !imageDiffers) return null;
  return {
    difference: versionDiffers && imageDiffers ? 'version_and_image' : versionDiffers ? 'version' : 'image',
    expected,
  };
}
