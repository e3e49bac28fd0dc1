import { describe, expect, it } from 'vitest';
import { compareComponent, expectedFor, matchRule, releaseOf, type Defaults, type VersionRule } from './diff.js';

/** The expected version and image of a component, and how a running one differs (no database). */

const rule = (
  id: number,
  component: string,
  cloudProvider: string | null,
  region: string | null,
  clusterVersion: string | null,
  version: string,
): VersionRule => ({ id, component, cloudProvider, region, clusterVersion, version });

const RULES: VersionRule[] = [
  rule(1, 'TIPROXY', null, null, null, 'v1.3.0'),
  rule(2, 'TIPROXY', null, null, 'v7.5.2', 'v1.2.0'),
  rule(3, 'TIKV', 'AWS', null, 'v8.1.1', 'v8.1.2'),
  rule(4, 'TIKV', 'AWS', 'us-east-1', 'v8.5.0', 'v8.5.1'),
  rule(5, 'TIKV', 'AWS', null, 'v8.5.0', 'v8.5.0'),
  rule(6, 'PD', 'GCP', null, 'v7.5.4', 'v7.5.5'),
  rule(7, 'TIDB', 'AWS', 'us-east-1', null, 'v9.9.9'),
  rule(8, 'TIDB', null, null, 'v8.1.1', 'v8.1.1'),
  rule(9, 'TIDB', null, null, 'v8.1.1', 'v8.1.1'),
];

const image = (component: string, version: string, tag: string, source: 'released' | 'staged' = 'released') =>
  [
    `DEDICATED_TIDB|${component}|${version}`,
    {
      clusterType: 'DEDICATED_TIDB',
      component,
      version,
      baseImage: `pingcap/${component.toLowerCase()}`,
      imageTag: tag,
      source,
    },
  ] as const;

const DEFAULTS: Defaults = {
  rules: RULES,
  images: new Map([
    image('TIKV', 'v8.1.1', 'v8.1.1'),
    image('TIKV', 'v8.1.2', 'v8.1.2'),
    image('TIDB', 'v7.5.4', 'v7.5.4-20240920-8a1f0de'),
    image('TIDB', 'v8.5.1', 'v8.5.1', 'staged'),
    image('TIPROXY', 'v8.1.1', 'v1.3.0'),
    image('PD', 'v7.5.4', 'v7.5.4'),
  ]),
};

const cluster = (version: string, provider = 'AWS', region = 'us-west-2') => ({
  clusterType: 'DEDICATED_TIDB',
  provider,
  region,
  version,
});

describe('matchRule', () => {
  it('takes the most specific matching rule: cluster version over region over provider', () => {
    expect(matchRule(RULES, 'TIKV', cluster('v8.5.0', 'AWS', 'us-east-1'))?.id).toBe(4);
    expect(matchRule(RULES, 'TIKV', cluster('v8.5.0', 'AWS', 'us-west-2'))?.id).toBe(5);
    expect(matchRule(RULES, 'TIKV', cluster('v8.5.0', 'GCP'))).toBeUndefined();
    expect(matchRule(RULES, 'TIPROXY', cluster('v7.5.2'))?.id).toBe(2);
    expect(matchRule(RULES, 'TIPROXY', cluster('v8.1.1'))?.id).toBe(1);
    // A cluster-version rule (4) outweighs a provider and region rule (2 + 1).
    expect(matchRule(RULES, 'TIDB', cluster('v8.1.1', 'AWS', 'us-east-1'))?.id).toBe(9);
    expect(matchRule(RULES, 'TIDB', cluster('v8.5.0', 'AWS', 'us-east-1'))?.id).toBe(7);
  });

  it('breaks a tie by the newest rule whatever the order it is given in', () => {
    expect(matchRule([...RULES].reverse(), 'TIDB', cluster('v8.1.1'))?.id).toBe(9);
  });
});

describe('expectedFor', () => {
  it('moves the version by a rule and takes the default image of that version', () => {
    expect(expectedFor(DEFAULTS, 'TIKV', cluster('v8.1.1'))).toEqual({
      version: 'v8.1.2',
      versionSource: 'rule',
      baseImage: 'pingcap/tikv',
      imageTag: 'v8.1.2',
      imageSource: 'released',
    });
  });

  it("keeps the cluster's version without a rule, with its (hotfix) default image", () => {
    expect(expectedFor(DEFAULTS, 'TIDB', cluster('v7.5.4'))).toEqual({
      version: 'v7.5.4',
      versionSource: 'cluster',
      baseImage: 'pingcap/tidb',
      imageTag: 'v7.5.4-20240920-8a1f0de',
      imageSource: 'released',
    });
    expect(expectedFor(DEFAULTS, 'TIDB', cluster('v8.5.1')).imageSource).toBe('staged');
  });

  it("uses the cluster version's default when its tag is a build of the rule's version (TiProxy)", () => {
    expect(expectedFor(DEFAULTS, 'TIPROXY', cluster('v8.1.1'))).toMatchObject({
      version: 'v1.3.0',
      imageTag: 'v1.3.0',
      imageSource: 'released',
    });
  });

  it('falls back to the expected version as the tag when no default is of that version', () => {
    // The rule moves PD to v7.5.5; the only default (v7.5.4) is not a build of it.
    expect(expectedFor(DEFAULTS, 'PD', cluster('v7.5.4', 'GCP'))).toEqual({
      version: 'v7.5.5',
      versionSource: 'rule',
      baseImage: 'pingcap/pd',
      imageTag: 'v7.5.5',
      imageSource: 'version',
    });
    expect(expectedFor(DEFAULTS, 'TIFLASH', cluster('v6.5.9'))).toEqual({
      version: 'v6.5.9',
      versionSource: 'cluster',
      baseImage: null,
      imageTag: 'v6.5.9',
      imageSource: 'version',
    });
  });
});

describe('compareComponent', () => {
  const run = (component: string, version: string, imageTag: string, c = cluster('v8.1.1')) =>
    compareComponent(DEFAULTS, c, { component, version, imageTag })?.difference ?? null;

  it('finds nothing when the version is expected and the tag is a build of the expected release', () => {
    expect(run('TIKV', 'v8.1.2', 'v8.1.2-20241101-0a1b2c3')).toBeNull();
    expect(run('TIKV', 'v8.1.2', 'v8.1.2')).toBeNull();
    expect(run('TIDB', 'v7.5.4', 'v7.5.4-20240920-8a1f0de', cluster('v7.5.4'))).toBeNull();
  });

  it('tells a version, an image, or both apart', () => {
    expect(run('TIKV', 'v8.1.1', 'v8.1.1-20240301-aaaaaaa')).toBe('version_and_image');
    expect(run('TIKV', 'v8.1.1', 'v8.1.2-20241101-0a1b2c3')).toBe('version');
    expect(run('TIKV', 'v8.1.2', 'v8.1.1-20240301-aaaaaaa')).toBe('image');
    // A pinned hotfix build matches only itself.
    expect(run('TIDB', 'v7.5.4', 'v7.5.4-20240101-1234567', cluster('v7.5.4'))).toBe('image');
  });

  it('reads the release of a tag', () => {
    expect(releaseOf('v8.1.1-20240510-9f0c2ab')).toBe('v8.1.1');
    expect(releaseOf('v1.3.0')).toBe('v1.3.0');
  });
});
