import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';

const require = createRequire(import.meta.url);

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  non2xx: number;
  errors: number;
}
type Run = EventEmitter & PromiseLike<AutocannonResult>;
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Run;

export interface LoadFigure {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

export interface Route {
  name: string;
  path: string;
}

/** The q-quantile of sorted values, to 0.1 ms. */
function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
}

/**
 * Loads several URLs of one server with N connections, `seconds` each, in interleaved rounds (route A, B, C, A, B,
 * C, …) after a 1 s warm-up of each: routes compared with each other (a list and its no-DB twin) then share the
 * machine's good and bad moments instead of one getting a quiet minute and the other a busy one. Throughput is
 * requests over measured time; latency percentiles come from every response of every round.
 */
export async function loadRounds(
  baseUrl: string,
  token: string,
  routes: Route[],
  seconds: number,
  rounds = 4,
  connections = 4,
): Promise<LoadFigure[]> {
  const opts = (path: string) => ({ url: baseUrl + path, connections, headers: { authorization: `Bearer ${token}` } });
  for (const r of routes) await autocannon({ ...opts(r.path), duration: 1 });
  const acc = routes.map(() => ({ requests: 0, duration: 0, failures: 0, latencies: [] as number[] }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, r] of routes.entries()) {
      const run = autocannon({ ...opts(r.path), duration: seconds / rounds });
      const a = acc[i]!;
      run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => void a.latencies.push(ms));
      const res = await run;
      a.requests += res.requests.total;
      a.duration += res.duration;
      a.failures += res.non2xx + res.errors;
    }
  }
  return routes.map((r, i) => {
    const a = acc[i]!;
    const sorted = a.latencies.sort((x, y) => x - y);
    return {
      ...r,
      rps: a.requests / a.duration,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      failures: a.failures,
    };
  });
}
