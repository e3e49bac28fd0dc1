/**
 * Failed attempts per key in a fixed window. In memory, so each server process counts on its own: with N processes
 * behind a balancer an attacker gets at most N × the limit, which is still bounded.
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

const WINDOW_MS = 5 * 60 * 1000;

/**
 * The built-in issuer's sign-in limits, both over a 5-minute window: failed attempts per account (its email, whoever
 * tries it from wherever: guessing one password from many addresses) and per client address (whichever accounts it
 * tries: one password tried on many accounts). While either is used up, sign-in is refused even with the right
 * password. The address is Fastify's `req.ip`, which only a proxy TRUST_PROXY trusts can set with X-Forwarded-For.
 */
export class SignInLimiter {
  constructor(
    readonly perAccount = new AttemptLimiter(10, WINDOW_MS),
    readonly perAddress = new AttemptLimiter(50, WINDOW_MS),
  ) {}

  /** Seconds a refused client is told to wait (the window). */
  readonly retryAfterSeconds = WINDOW_MS / 1000;

  isBlocked(email: string, address: string): boolean {
    return this.perAccount.isBlocked(accountKey(email)) || this.perAddress.isBlocked(address);
  }

  fail(email: string, address: string): void {
    this.perAccount.fail(accountKey(email));
    this.perAddress.fail(address);
  }

  /**
   * A sign-in succeeded: the account's failures are forgotten. The address's are not, or one account of one's own
   * would reset the count of guesses at everyone else's.
   */
  succeeded(email: string): void {
    this.perAccount.reset(accountKey(email));
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
