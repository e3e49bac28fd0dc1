import { describe, expect, it } from 'vitest';
import {
  canDoOnComponentDiff,
  certificateDaysLeft,
  certificateListQuery,
  certificateStatus,
  COMPONENT_DIFF_MESSAGES,
  COMPONENT_DIFF_STATUSES,
  generateComponentDiffBody,
  imageTagMatches,
} from './monitoring.js';

const NOW = new Date('2026-11-24T10:00:00Z');
const plus = (days: number, ms = 0) => new Date(NOW.getTime() + days * 86_400_000 + ms);

describe('certificate status and days left', () => {
  it('is expiring up to exactly 30 days out, valid after, expired once the end has passed', () => {
    expect(certificateStatus(plus(30), NOW)).toBe('expiring');
    expect(certificateStatus(plus(30, 1), NOW)).toBe('valid');
    expect(certificateStatus(plus(0, 1), NOW)).toBe('expiring');
    expect(certificateStatus(NOW, NOW)).toBe('expired');
    expect(certificateStatus(plus(-3), NOW)).toBe('expired');
  });

  it('counts whole days left, rounding down (negative once expired)', () => {
    expect(certificateDaysLeft(plus(6, 3_600_000), NOW)).toBe(6);
    expect(certificateDaysLeft(plus(6, -1), NOW)).toBe(5);
    expect(certificateDaysLeft(plus(0, -1), NOW)).toBe(-1);
    expect(certificateDaysLeft('2026-11-21T12:00:00Z', NOW)).toBe(-3);
  });

  it('sorts soonest end first by default and refuses unknown statuses', () => {
    expect(certificateListQuery.parse({}).sort).toBe('not_after');
    expect(certificateListQuery.safeParse({ status: 'revoked' }).success).toBe(false);
    expect(certificateListQuery.parse({ status: 'expired' }).status).toEqual(['expired']);
  });
});

describe('image tags', () => {
  it('matches the same tag, or a build of a release tag, never another release or a pinned build', () => {
    expect(imageTagMatches('v8.1.1', 'v8.1.1')).toBe(true);
    expect(imageTagMatches('v8.1.1', 'v8.1.1-20240510-9f0c2ab')).toBe(true);
    expect(imageTagMatches('v8.1.1', 'v8.1.10-20240510-9f0c2ab')).toBe(false);
    expect(imageTagMatches('v8.1.1', 'v8.1.2')).toBe(false);
    expect(imageTagMatches('v7.5.4-20240920-8a1f0de', 'v7.5.4-20240920-8a1f0de')).toBe(true);
    expect(imageTagMatches('v7.5.4-20240920-8a1f0de', 'v7.5.4-20240920-8a1f0de-1')).toBe(false);
    expect(imageTagMatches('v7.5.4-20240920-8a1f0de', 'v7.5.4')).toBe(false);
  });
});

describe('component-diff reports', () => {
  it('can be cancelled only while queued or running', () => {
    expect(COMPONENT_DIFF_STATUSES.filter((s) => canDoOnComponentDiff(s, 'cancel'))).toEqual(['queued', 'running']);
    expect(canDoOnComponentDiff('unknown', 'cancel')).toBe(false);
  });

  it('takes an optional scope and note, with the spec messages verbatim', () => {
    expect(generateComponentDiffBody.parse(undefined)).toEqual({ note: '' });
    expect(generateComponentDiffBody.parse({ provider: 'AWS', note: ' x ' })).toEqual({ provider: 'AWS', note: 'x' });
    expect(generateComponentDiffBody.safeParse({ provider: 'IBM' }).success).toBe(false);
    const long = generateComponentDiffBody.safeParse({ note: 'x'.repeat(501) });
    expect(long.error?.issues[0]?.message).toBe('note must be at most 500 characters');
    expect(COMPONENT_DIFF_MESSAGES.generated).toBe('Create successful!');
    expect(COMPONENT_DIFF_MESSAGES.cancelled).toBe('Successfully Cancel');
  });
});
