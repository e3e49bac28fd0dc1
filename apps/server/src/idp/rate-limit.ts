/**
 * Failed sign-in attempts per key (email + client IP) in a fixed window. In memory, so each server process counts
 * on its own: with N processes behind a balancer an attacker gets at most N × the limit, which is still bounded.
 */
export class AttemptLimiter {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the key has used up its attempts in the current window. */
  isBlocked(key: string): boolean {
    const b = this.buckets.get(key);
    if (!b) return false;
    if (b.resetAt <= this.now()) {
      this.buckets.delete(key);
      return false;
    }
    return b.count >= this.limit;
  }

  /** Records one failed attempt. */
  fail(key: string): void {
    const now = this.now();
    const b = this.buckets.get(key);
    if (b && b.resetAt > now) {
      b.count += 1;
      return;
    }
    if (this.buckets.size >= this.maxKeys) this.prune(now);
    this.buckets.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  /** Forgets a key (after a successful sign-in). */
  reset(key: string): void {
    this.buckets.delete(key);
  }

  private prune(now: number): void {
    for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
    // Still full of live entries: drop the oldest rather than grow without bound.
    while (this.buckets.size >= this.maxKeys) {
      const first = this.buckets.keys().next();
      if (first.done) break;
      this.buckets.delete(first.value);
    }
  }
}
