import type { ClusterAlertSeverity } from '@portal/contract';
import type { Config } from '../../config.js';
import { insertRows } from '../../platform/bulk.js';
import type { Db } from '../../platform/db.js';
import { defineObservation } from '../../platform/observation.js';
import { alertSourceFor, type AlertSource, type SourceAlert, type SourceAlerts } from './alertsource.js';
import * as repo from './repo.js';
import { clusterAlerts, UNHANDLED_ALERT } from './schema.js';

/*
 * The alert sync: what the alert source holds, written into `cluster_alerts` (decision 0015). An alert is one row per
 * firing: the row firing with its fingerprint, else the row of the same fingerprint and start (a firing the portal
 * resolved and the source reports again: it fires again, its acknowledgement kept); else a new row. A firing row
 * whose alert the source reports with a later start is resolved at that start (the firing ended unseen between two
 * syncs) and the new one gets its own row; an earlier start is the same firing (Alertmanager keeps the earliest of
 * overlapping reports). Content (severity, summary, description, labels, start) follows the source; what the staff
 * did (acknowledged, silenced) stays. A
 * firing row the source no longer reports — the demo's included — is resolved at the sync's time; one it reports as
 * ended is resolved at its end. Nothing is written unless the source answered: a failing source leaves every row as
 * it was. No audit rows: the source's reports are observations, not anyone's action (as the seed's alerts are).
 *
 * The sync is a periodic observation (platform/observation.ts, `alertSyncObservation`): Alertmanager is read with no
 * database transaction open, then one short transaction writes what it said; a failing Alertmanager is logged and kept
 * as the job's last error, and the next sync comes a sync interval later.
 */

export const ALERT_SYNC_JOB = 'clusterAlert.sync';

/** Severity words of alerting rules, read from the `severity` label, else `level` (TiDB's own rules). */
const SEVERITY_WORDS: Record<string, ClusterAlertSeverity> = {
  critical: 'critical',
  emergency: 'critical',
  page: 'critical',
  fatal: 'critical',
  error: 'critical',
  high: 'critical',
  warning: 'warning',
  warn: 'warning',
  major: 'warning',
  minor: 'warning',
  medium: 'warning',
  info: 'info',
  informational: 'info',
  notice: 'info',
  low: 'info',
  none: 'info',
};

/** An alert's severity from its labels; a word not listed (or none) is a warning. */
export function severityOf(labels: Record<string, string>): ClusterAlertSeverity {
  const word = (labels.severity ?? labels.level ?? '').trim().toLowerCase();
  return SEVERITY_WORDS[word] ?? 'warning';
}

const SUMMARY_MAX = 500;
const DESCRIPTION_MAX = 4000;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

export interface MappedAlert {
  fingerprint: string;
  clusterId: string;
  rule: string;
  severity: ClusterAlertSeverity;
  summary: string;
  description: string;
  labels: Record<string, string>;
  startsAt: Date;
  /** Set when the source reports it ended (at or before the sync's time). */
  endedAt: Date | null;
}

/**
 * A source alert as a row's fields: the cluster from `clusterLabel`, the rule from `alertname`, the severity (see
 * `severityOf`), the summary from the annotation `summary` (else `message`, else the rule) and the description from
 * `description`; the labels as sent. Undefined when it names no cluster.
 */
export function mapAlert(a: SourceAlert, clusterLabel: string, now: Date): MappedAlert | undefined {
  const clusterId = a.labels[clusterLabel]?.trim();
  if (!clusterId || clusterId.length > 64) return undefined;
  const rule = a.labels.alertname?.trim() || 'unnamed';
  const ended = a.endsAt !== null && a.endsAt.getTime() > a.startsAt.getTime() && a.endsAt.getTime() <= now.getTime();
  return {
    fingerprint: a.fingerprint,
    clusterId,
    rule,
    severity: severityOf(a.labels),
    summary: clip(a.annotations.summary?.trim() || a.annotations.message?.trim() || rule, SUMMARY_MAX),
    description: clip(a.annotations.description?.trim() ?? '', DESCRIPTION_MAX),
    labels: a.labels,
    startsAt: a.startsAt,
    endedAt: ended ? a.endsAt : null,
  };
}

export interface AlertSyncResult {
  /** Alerts the source answered (readable or not). */
  received: number;
  /** New rows: alerts firing the portal had no row for (or ended ones it never saw). */
  opened: number;
  /** Firing rows whose content changed. */
  updated: number;
  /** Resolved rows the source reports firing again (same fingerprint and start). */
  reopened: number;
  /** Firing rows resolved: reported ended, or no longer reported. */
  resolved: number;
  /** Alerts left out: naming no cluster, a cluster the portal does not know, or unreadable. */
  skipped: { noCluster: number; unknownCluster: number; unreadable: number };
}

const sameLabels = (a: unknown, b: Record<string, string>) => {
  const x = (a ?? {}) as Record<string, string>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(b).length && keys.every((k) => x[k] === b[k]);
};

/** Reads the source (no transaction open), then writes what it says in one transaction (see the top of this file). */
export async function syncAlerts(db: Db, source: AlertSource, now = new Date()): Promise<AlertSyncResult> {
  const fetched = await source.alerts();
  return db.transaction((tx) => recordAlerts(tx, fetched, source.clusterLabel, now));
}

/** Writes what the source answered at `now`, in the caller's transaction (see the top of this file). */
export async function recordAlerts(
  tx: Db,
  { alerts, invalid, unreadable }: SourceAlerts,
  clusterLabel: string,
  now: Date,
): Promise<AlertSyncResult> {
  const result: AlertSyncResult = {
    received: alerts.length + invalid,
    opened: 0,
    updated: 0,
    reopened: 0,
    resolved: 0,
    skipped: { noCluster: 0, unknownCluster: 0, unreadable: invalid },
  };
  const byFingerprint = new Map<string, MappedAlert>();
  for (const a of alerts) {
    const m = mapAlert(a, clusterLabel, now);
    if (!m) result.skipped.noCluster++;
    else if (!byFingerprint.has(m.fingerprint)) byFingerprint.set(m.fingerprint, m);
  }
  const known = await repo.existingClusterIds(tx, [...new Set([...byFingerprint.values()].map((m) => m.clusterId))]);
  for (const [fp, m] of byFingerprint) {
    if (known.has(m.clusterId)) continue;
    byFingerprint.delete(fp);
    result.skipped.unknownCluster++;
  }
  const firing = await repo.selectFiringAlerts(tx);
  const firingByFp = new Map(firing.filter((r) => r.fingerprint).map((r) => [r.fingerprint!, r]));
  const settled = await repo.selectSettledByFingerprint(
    tx,
    [...byFingerprint.keys()].filter((fp) => !firingByFp.has(fp)),
  );
  const settledOf = (m: MappedAlert) =>
    settled.find((r) => r.fingerprint === m.fingerprint && r.startsAt.getTime() === m.startsAt.getTime());

  const inserts: repo.NewAlert[] = [];
  for (const m of byFingerprint.values()) {
    const content = {
      clusterId: m.clusterId,
      rule: m.rule,
      severity: m.severity,
      summary: m.summary,
      description: m.description,
      labels: m.labels,
      startsAt: m.startsAt,
    };
    let row = firingByFp.get(m.fingerprint);
    if (row && m.startsAt.getTime() > row.startsAt.getTime()) {
      // A later start: the firing the row holds ended in between (unseen), and this is a new one.
      await repo.updateAlert(tx, row.id, { status: 'resolved', endsAt: m.startsAt });
      result.resolved++;
      row = undefined;
    }
    if (row) {
      if (m.endedAt) {
        await repo.updateAlert(tx, row.id, { ...content, status: 'resolved', endsAt: m.endedAt });
        result.resolved++;
      } else if (
        row.clusterId !== m.clusterId ||
        row.rule !== m.rule ||
        row.severity !== m.severity ||
        row.summary !== m.summary ||
        row.description !== m.description ||
        row.startsAt.getTime() !== m.startsAt.getTime() ||
        !sameLabels(row.labels, m.labels)
      ) {
        await repo.updateAlert(tx, row.id, content);
        result.updated++;
      }
      continue;
    }
    const before = settledOf(m);
    if (before) {
      // The same firing (same fingerprint and start), resolved here while the source still had it: firing again.
      if (!m.endedAt) {
        await repo.updateAlert(tx, before.id, { ...content, status: 'firing', endsAt: null });
        result.reopened++;
      }
      continue;
    }
    inserts.push({
      ...content,
      fingerprint: m.fingerprint,
      status: m.endedAt ? 'resolved' : 'firing',
      endsAt: m.endedAt,
      ...UNHANDLED_ALERT,
      updatedAt: now,
    });
    result.opened++;
  }
  // Numbered in the order they started, as the seed numbers its alerts.
  inserts.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  await insertRows(tx, clusterAlerts, inserts);

  const kept = new Set([...byFingerprint.keys(), ...unreadable]);
  const gone = firing.filter((r) => !r.fingerprint || !kept.has(r.fingerprint)).map((r) => r.id);
  result.resolved += await repo.resolveAlerts(tx, gone, now);
  return result;
}

/**
 * The sync as a periodic observation: every ALERTMANAGER_SYNC_SECONDS, the first right after start; only with
 * ALERTMANAGER_URL (without it nothing syncs, and a sync job queued by an earlier start ends).
 */
export function alertSyncObservation(config: Pick<Config, 'alertmanager'>, source = alertSourceFor(config)) {
  return defineObservation({
    kind: ALERT_SYNC_JOB,
    periodMs: (config.alertmanager?.syncSeconds ?? 60) * 1000,
    firstRound: 'now',
    enabled: source !== undefined,
    observe: ({ signal }) => source!.alerts({ signal }),
    record: (tx, fetched, { at }) => recordAlerts(tx, fetched, source!.clusterLabel, at),
    report: (r, { log }) => {
      if (r.opened || r.updated || r.reopened || r.resolved || r.skipped.unknownCluster || r.skipped.unreadable)
        log.info({ observation: ALERT_SYNC_JOB, ...r }, 'cluster alerts synced from Alertmanager');
    },
  });
}
