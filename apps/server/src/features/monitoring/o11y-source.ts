import type { O11yHealth } from '@portal/contract';
import type { O11yProbeCheck } from '../../config.js';
import { callOut } from '../../platform/outbound.js';
import { mapLimit } from './certificate-source.js';

/*
 * Where the o11y clusters' health is observed (`mon_o11y_clusters`, /o11y). An adapter: the HTTP prober runs the
 * configured checks (O11Y_PROBE_CHECKS: the metrics store's /-/healthy and /-/ready, Alertmanager's /-/healthy,
 * Grafana's /api/health by default) against each cluster's base URL; the embedded default observes nothing, so the
 * stored health (the demo seed's) stands. probes.ts records what is observed.
 */

/** An o11y cluster as the prober needs it (a row of `mon_o11y_clusters`). */
export interface O11yProbeTarget {
  name: string;
  provider: string;
  region: string;
  regionId: string;
  endpoint: string;
}

export interface O11yObservation {
  name: string;
  health: O11yHealth;
  /** What failed (each failing check and why); null when healthy. */
  message: string | null;
}

export interface O11yHealthSource {
  readonly kind: 'embedded' | 'http';
  /** Observes the clusters (all of them, however many fail); `signal` cancels what is still under way. */
  observe(clusters: readonly O11yProbeTarget[], opts?: { signal?: AbortSignal }): Promise<O11yObservation[]>;
}

/** The embedded default: observes nothing; the stored health stands. */
export function embeddedO11yHealthSource(): O11yHealthSource {
  return { kind: 'embedded', observe: async () => [] };
}

export interface HttpO11yOptions {
  /** `https://{name}.o11y.example.com` (placeholders {name}, {provider}, {region}, {region_id}); default: the endpoint. */
  urlTemplate?: string | undefined;
  /** Paths under the base URL; the first is the metrics store's liveness (down when it fails), the rest degrade. */
  checks: readonly O11yProbeCheck[];
  /** Per request (default 5 s). */
  timeoutMs?: number;
  /** Clusters probed at once (default 4); a cluster's checks run together. */
  concurrency?: number;
  fetch?: typeof fetch;
}

/** The base URL of a cluster: the template filled in (each value URL-encoded), else its stored endpoint. */
export function o11yBaseUrl(cluster: O11yProbeTarget, template: string | undefined): string {
  if (!template) return cluster.endpoint.replace(/\/$/, '');
  const values: Record<string, string> = {
    name: cluster.name,
    provider: cluster.provider,
    region: cluster.region,
    region_id: cluster.regionId,
  };
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? encodeURIComponent(values[key]!) : m));
}

/**
 * Health from the checks' outcomes: healthy when every check passed; down when the first (the metrics store's
 * liveness) failed — nothing is collected or answered then; degraded when only others did.
 */
export function healthOf(
  results: readonly { check: O11yProbeCheck; failure: string | null }[],
): O11yObservation['health'] {
  if (results.every((r) => r.failure === null)) return 'healthy';
  return results[0]?.failure !== null ? 'down' : 'degraded';
}

const MESSAGE_MAX = 1000;

/** The real source: a GET of each check's URL; a 2xx answer within the timeout passes it. */
export function httpO11yHealthSource(opts: HttpO11yOptions): O11yHealthSource {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const check = async (url: string, signal: AbortSignal | undefined): Promise<string | null> => {
    try {
      const res = await callOut(url, {
        headers: { accept: 'application/json, text/plain, */*' },
        timeoutMs,
        signal,
        fetch: opts.fetch,
        unavailable: (reason) => new Error(reason),
      });
      await res.body?.cancel().catch(() => undefined);
      return res.ok ? null : `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    } catch (err) {
      return (err as Error).message;
    }
  };
  return {
    kind: 'http',
    observe: (clusters, { signal } = {}) =>
      mapLimit(clusters, opts.concurrency ?? 4, async (cluster): Promise<O11yObservation> => {
        const base = o11yBaseUrl(cluster, opts.urlTemplate);
        const results = await Promise.all(
          opts.checks.map(async (c) => ({ check: c, failure: await check(`${base}${c.path}`, signal) })),
        );
        const failures = results
          .filter((r) => r.failure !== null)
          .map((r) => `${r.check.name} (${r.check.path}): ${r.failure}`);
        const message = failures.length ? failures.join('; ').slice(0, MESSAGE_MAX) : null;
        return { name: cluster.name, health: healthOf(results), message };
      }),
  };
}
