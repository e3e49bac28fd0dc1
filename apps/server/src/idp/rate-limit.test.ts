import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './rate-limit.js';

describe('AttemptLimiter', () => {
  it('blocks a key after the limit of failures until the window passes', () => {
    let now = 1_000;
    const limiter = new AttemptLimiter(3, 60_000, 100, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.isBlocked('a')).toBe(false);
      limiter.fail('a');
    }
    expect(limiter.isBlocked('a')).toBe(true);
    expect(limiter.isBlocked('b')).toBe(false);
    now += 59_999;
    expect(limiter.isBlocked('a')).toBe(true);
    now += 1;
    expect(limiter.isBlocked('a')).toBe(false);
  });

  it('forgets a key on reset', () => {
    const limiter = new AttemptLimiter(1, 60_000);
    limiter.fail('a');
    expect(limiter.isBlocked('a')).toBe(true);
    limiter.reset('a');
    expect(limiter.isBlocked('a')).toBe(false);
  });

  it('stays bounded in memory', () => {
    let now = 0;
    const limiter = new AttemptLimiter(1, 1_000, 10, () => now);
    for (let i = 0; i < 25; i++) limiter.fail(`k${i}`);
    expect((limiter as unknown as { buckets: Map<string, unknown> }).buckets.size).toBeLessThanOrEqual(10);
    now = 5_000;
    limiter.fail('fresh');
    expect(limiter.isBlocked('fresh')).toBe(true);
    expect((limiter as unknown as { buckets: Map<string, unknown> }).buckets.size).toBeLessThanOrEqual(10);
  });
});
