import { describe, expect, it } from 'vitest';
import { AttemptLimiter, SignInLimiter } from './rate-limit.js';

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

describe('SignInLimiter', () => {
  it('locks an account out after its failures from any addresses, whatever the case of its email', () => {
    const limiter = new SignInLimiter(new AttemptLimiter(3, 60_000), new AttemptLimiter(100, 60_000));
    for (let i = 0; i < 3; i++) {
      expect(limiter.isBlocked('a@example.com', `10.0.0.${i}`)).toBe(false);
      limiter.fail(i % 2 ? ' A@Example.com ' : 'a@example.com', `10.0.0.${i}`);
    }
    expect(limiter.isBlocked('a@example.com', '192.0.2.1')).toBe(true);
    expect(limiter.isBlocked('A@EXAMPLE.COM', '192.0.2.2')).toBe(true);
    expect(limiter.isBlocked('b@example.com', '10.0.0.1')).toBe(false);
  });

  it('locks an address out after its failures across accounts', () => {
    const limiter = new SignInLimiter(new AttemptLimiter(100, 60_000), new AttemptLimiter(3, 60_000));
    for (let i = 0; i < 3; i++) limiter.fail(`user-${i}@example.com`, '10.0.0.9');
    expect(limiter.isBlocked('someone-else@example.com', '10.0.0.9')).toBe(true);
    expect(limiter.isBlocked('someone-else@example.com', '10.0.0.10')).toBe(false);
  });

  it("forgets an account's failures on success, not its address's", () => {
    const limiter = new SignInLimiter(new AttemptLimiter(2, 60_000), new AttemptLimiter(2, 60_000));
    limiter.fail('a@example.com', '10.0.0.1');
    limiter.fail('b@example.com', '10.0.0.1');
    expect(limiter.isBlocked('c@example.com', '10.0.0.1')).toBe(true);
    limiter.succeeded('A@example.com');
    expect(limiter.isBlocked('a@example.com', '10.0.0.2')).toBe(false);
    expect(limiter.isBlocked('a@example.com', '10.0.0.1')).toBe(true);
  });

  it('defaults to 10 failures per account and 50 per address in 5 minutes', () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < 9; i++) limiter.fail('a@example.com', `10.0.1.${i}`);
    expect(limiter.isBlocked('a@example.com', '10.0.2.1')).toBe(false);
    limiter.fail('a@example.com', '10.0.1.9');
    expect(limiter.isBlocked('a@example.com', '10.0.2.1')).toBe(true);
    expect(limiter.retryAfterSeconds).toBe(300);
  });
});
