import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = require('autocannon') as Autocannon;

export interface LoadFigure {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Loads one URL with N connections for `seconds` (after a 1 s warm-up) and reports throughput and latency. */
export async function load(baseUrl: string, token: string, name: string, path: string, seconds: number, connections = 4): Promise<LoadFigure> {
  const opts = { url: baseUrl + path, connections, headers: { authorization: `Bearer ${token}` } };
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: seconds });
  return { name, path, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures: r.non2xx + r.errors };
}
