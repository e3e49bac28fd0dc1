import { describe, expect, it } from 'vitest';
import { CONFIG_CENTER_MESSAGES, ruleRegionLabel } from '@portal/contract';
import { compareVersionsDesc, matchesSearch, ruleClusterVersionLabel, validationLabel } from './labels';
import { suggestTargetVersions, targetVersionError } from './targetVersion';

describe('version labels', () => {
  it('says "Any …" for a rule without a region or cluster version', () => {
    expect(ruleRegionLabel({ cloud_provider: null, region: null })).toBe('Any Cloud Region');
    expect(ruleRegionLabel({ cloud_provider: 'GCP', region: null })).toBe('Any GCP Region');
    expect(ruleRegionLabel({ cloud_provider: 'GCP', region: 'us-east1' })).toBe('us-east1');
    expect(ruleClusterVersionLabel(null)).toBe('Any Cluster Version');
    expect(ruleClusterVersionLabel('v8.1.2')).toBe('v8.1.2');
  });

  it('orders versions newest first, by number not by text', () => {
    expect(['v8.1.2', 'v8.10.0', 'v7.5.4', 'v8.9.1', 'nightly'].sort(compareVersionsDesc)).toEqual([
      'v8.10.0',
      'v8.9.1',
      'v8.1.2',
      'v7.5.4',
      'nightly',
    ]);
  });

  it('puts validation rules in words', () => {
    expect(validationLabel({})).toBe('-');
    expect(validationLabel({ enum: ['on', 'off'] })).toBe('one of on, off');
    expect(validationLabel({ minimum: 1, maximum: 8 })).toBe('between 1 and 8');
    expect(validationLabel({ minimum: 1 })).toBe('≥ 1');
    expect(validationLabel({ maximum: 0 })).toBe('≤ 0');
    expect(validationLabel({ pattern: '^a+$', minimum: 0 })).toBe('≥ 0; matches ^a+$');
  });

  it('searches names and descriptions, in any case', () => {
    const entry = { name: 'log.level', description: 'The log Verbosity.' };
    expect(matchesSearch(entry, '')).toBe(true);
    expect(matchesSearch(entry, 'LOG.')).toBe(true);
    expect(matchesSearch(entry, 'verbosity')).toBe(true);
    expect(matchesSearch(entry, 'gc')).toBe(false);
  });
});

describe('target-version chooser', () => {
  const existing = ['v8.1.0', 'v8.1.1', 'v8.1.3', 'v8.5.1', 'v7.5.4'];

  it('suggests the next patch and the next minor above what exists', () => {
    expect(suggestTargetVersions('v8.1.1', existing).map((s) => s.version)).toEqual(['v8.1.4', 'v8.6.0']);
    expect(suggestTargetVersions('v7.5.4', existing).map((s) => s.version)).toEqual(['v7.5.5', 'v7.6.0']);
    expect(suggestTargetVersions(undefined, existing)).toEqual([]);
    expect(suggestTargetVersions('nightly', existing)).toEqual([]);
  });

  it('requires a vX.Y.Z version that does not exist yet', () => {
    expect(targetVersionError(undefined, existing)).toBe(CONFIG_CENTER_MESSAGES.targetVersionRequired);
    expect(targetVersionError('  ', existing)).toBe('target version is required');
    expect(targetVersionError('8.2.0', existing)).toBe('a version looks like v8.1.1');
    expect(targetVersionError('v8.2', existing)).toBe('a version looks like v8.1.1');
    expect(targetVersionError('v8.1.3', existing)).toBe('v8.1.3 already exists');
    expect(targetVersionError('v8.2.0', existing)).toBeUndefined();
  });
});
