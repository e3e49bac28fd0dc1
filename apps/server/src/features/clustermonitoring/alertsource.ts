import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { answeredStatus, answerText, callOut } from '../../platform/outbound.js';

/*
 * The alert source: where the cluster alerts come from. An external system, so one interface with a real
 * implementation, Alertmanager's API v2 (ALERTMANAGER_URL, README configuration), and, as the embedded default, none
 * at all: without ALERTMANAGER_URL nothing syncs and the stored alerts (the demo's) stand. The sync (alertsync.ts)
 * takes any source; the tests hand it Alertmanager on a local HTTP server, or a fixed list (`staticAlertSource`).
 */

/** One alert as the source holds it: Alertmanager's gettableAlert, reduced to what the portal keeps. */
export interface SourceAlert {
  /** The source's identity of the alert (Alertmanager: a hash of its label set). */
  fingerprint: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  startsAt: Date;
  /**
   * When it ends: in the past once it ended; for one still firing, when it would expire unless the rule sends it
   * again (Alertmanager's), or null.
   */
  endsAt: Date | null;
}

export interface SourceAlerts {
  alerts: SourceAlert[];
  invalid: number;
  unreadable: string[];
}

export interface AlertSource {
  readonly kind: 'alertmanager' | 'static';
  /** The label naming an alert's cluster (its id). */
  readonly clusterLabel: string;
  /**
   * Every alert the source holds now that names a cluster: firing ones (silenced and inhibited included: they still
   * fire), and any it reports as ended. Alerts left out are no longer active. Throws 502
   * `clusterAlert.sourceUnavailable` when the source cannot be read. `invalid` counts the alerts it answered that could
   * not be read, `unreadable` holds their fingerprints where they had one (their rows are left as they are).
   * `signal` cancels the request (the app closing).
   */
  alerts(opts?: { signal?: AbortSignal }): Promise<SourceAlerts>;
}

export interface AlertmanagerOptions {
  /** Alertmanager's root, e.g. `https://alertmanager.example.com` (the API is under `/api/v2`). */
  url: string;
  /** Sent as `Authorization: Bearer …` when set. */
  token: string | undefined;
  clusterLabel: string;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const stringMap = z.record(z.string(), z.string());
const gettableAlert = z.object({
  fingerprint: z.string().min(1),
  labels: stringMap,
  annotations: stringMap.optional(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).optional(),
  status: z.object({ state: z.string() }).partial().optional(),
});

/**
 * Alertmanager's API v2: `GET {url}/api/v2/alerts?active=true&silenced=true&inhibited=true&unprocessed=true` with the
 * matcher `{clusterLabel}=~".+"`, so only alerts that name a cluster. Its list holds the alerts not yet resolved;
 * one it reports with an `endsAt` in the past has ended.
 */
export function alertmanagerAlertSource(opts: AlertmanagerOptions): AlertSource {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.url.replace(/\/$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const unavailable = (why: string) => new AppError('clusterAlert.sourceUnavailable', `Alertmanager at ${base} ${why}`);
  return {
    kind: 'alertmanager',
    clusterLabel: opts.clusterLabel,
    async alerts({ signal } = {}) {
      const params = new URLSearchParams({
        active: 'true',
        silenced: 'true',
        inhibited: 'true',
        unprocessed: 'true',
        filter: `${opts.clusterLabel}=~".+"`,
      });
      const req = { timeoutMs, signal, unavailable };
      const res = await callOut(`${base}/api/v2/alerts?${params}`, { ...req, token: opts.token, fetch: doFetch });
      const text = await answerText(res, req);
      if (!res.ok) throw unavailable(answeredStatus(res, text));
      let list: unknown;
      try {
        list = JSON.parse(text);
      } catch {
        list = undefined;
      }
      if (!Array.isArray(list))
        throw unavailable(`answered ${res.status} with an unexpected body (not a list of alerts)`);
      const out: SourceAlerts = { alerts: [], invalid: 0, unreadable: [] };
      for (const item of list) {
        const a = gettableAlert.safeParse(item);
        if (!a.success) {
          out.invalid++;
          const fp = (item as { fingerprint?: unknown } | null)?.fingerprint;
          if (typeof fp === 'string' && fp) out.unreadable.push(fp);
          continue;
        }
        out.alerts.push({
          fingerprint: a.data.fingerprint,
          labels: a.data.labels,
          annotations: a.data.annotations ?? {},
          startsAt: new Date(a.data.startsAt),
          endsAt: a.data.endsAt ? new Date(a.data.endsAt) : null,
        });
      }
      return out;
    },
  };
}

/** A fixed list of alerts (tests): what a source holding them would answer. */
export function staticAlertSource(alerts: SourceAlert[], clusterLabel = 'cluster_id'): AlertSource {
  return { kind: 'static', clusterLabel, alerts: () => Promise.resolve({ alerts, invalid: 0, unreadable: [] }) };
}

/** The app's alert source: Alertmanager when ALERTMANAGER_URL is set; none otherwise (nothing syncs). */
export function alertSourceFor(config: Pick<Config, 'alertmanager'>): AlertSource | undefined {
  const am = config.alertmanager;
  return am ? alertmanagerAlertSource({ url: am.url, token: am.token, clusterLabel: am.clusterLabel }) : undefined;
}
