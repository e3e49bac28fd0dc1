import type { Config } from '../../config.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { defineObservation, type Observation, type ObservationLog } from '../../platform/observation.js';
import {
  embeddedCertificateSource,
  tlsCertificateSource,
  type CertificateObservation,
  type CertificateSource,
} from './certificate-source.js';
import {
  embeddedO11yHealthSource,
  httpO11yHealthSource,
  type O11yHealthSource,
  type O11yObservation,
} from './o11y-source.js';
import * as repo from './repo.js';

/*
 * The monitoring area's observed data, refreshed from its adapters (decision 0016): the regions' TLS certificates
 * (`mon_certificates`, from CertificateSource) and the o11y clusters' health (`mon_o11y_clusters`, from
 * O11yHealthSource). Each is a periodic observation (platform/observation.ts): a durable job whose rounds probe with
 * no database transaction open — network calls that may each wait out a timeout — and then record what they observed
 * in one short transaction. A target that cannot be reached is logged and leaves its stored row as it was
 * (certificates), or is recorded as the cluster's health (o11y); a round that fails as a whole is the runner's to log.
 */

export const CERT_PROBE_JOB = 'monitoring.certificate_probe';
export const O11Y_PROBE_JOB = 'monitoring.o11y_probe';

// ---------------------------------------------------------------- recording what was observed

export interface CertificateRound {
  /** Keys (`region/COMPONENT/name`) of certificates seen for the first time, and of those that changed (renewed). */
  inserted: string[];
  updated: string[];
  unchanged: number;
  /** Targets that could not be read, and why: their stored rows stand. */
  failed: { target: string; address: string; error: string }[];
  /** Targets whose region does not exist (nothing is recorded for them). */
  skipped: { target: string; reason: string }[];
}

/**
 * Records observed certificates in the caller's transaction (the round's): a new (region, component, name) is
 * inserted, one whose fingerprint changed is replaced (its first-recorded time kept), an identical one is left alone.
 * Failed observations write nothing: what was last observed stands.
 */
export async function recordCertificates(tx: Db, observations: CertificateObservation[]): Promise<CertificateRound> {
  const round: CertificateRound = { inserted: [], updated: [], unchanged: 0, failed: [], skipped: [] };
  const seen: Extract<CertificateObservation, { certificate: object }>[] = [];
  for (const o of observations) {
    if (o.certificate) seen.push(o);
    else
      round.failed.push({
        target: repo.certificateKey(o.target),
        address: `${o.target.host}:${o.target.port}`,
        error: o.error,
      });
  }
  if (seen.length === 0) return round;
  const regionIds = await repo.selectRegionIds(tx, [...new Set(seen.map((o) => o.target.regionId))]);
  const known = seen.filter((o) => {
    if (regionIds.has(o.target.regionId)) return true;
    round.skipped.push({
      target: repo.certificateKey(o.target),
      reason: `region ${o.target.regionId} does not exist`,
    });
    return false;
  });
  const stored = await repo.selectCertificateFingerprints(
    tx,
    known.map((o) => o.target),
  );
  const rows: repo.NewCertificate[] = [];
  for (const { target, certificate: c } of known) {
    const key = repo.certificateKey(target);
    const before = stored.get(key);
    if (before === c.fingerprintSha256) {
      round.unchanged++;
      continue;
    }
    (before === undefined ? round.inserted : round.updated).push(key);
    rows.push({ regionId: target.regionId, component: target.component, name: target.name, ...c });
  }
  await repo.upsertCertificates(tx, rows);
  return round;
}

export interface O11yRound {
  /** Clusters whose health changed. */
  changed: { name: string; from: string; to: string; message: string | null }[];
  checked: number;
  /** Observed clusters that no longer exist. */
  missing: string[];
}

/** Records observed health in the caller's transaction (the round's): health, its message and when it was checked. */
export async function recordO11yHealth(tx: Db, observations: O11yObservation[], checkedAt: Date): Promise<O11yRound> {
  const round: O11yRound = { changed: [], checked: 0, missing: [] };
  for (const o of observations) {
    const before = await repo.updateO11yHealth(tx, o.name, {
      health: o.health,
      healthMessage: o.message,
      checkedAt,
    });
    if (!before) {
      round.missing.push(o.name);
      continue;
    }
    round.checked++;
    if (before.health !== o.health)
      round.changed.push({ name: o.name, from: before.health, to: o.health, message: o.message });
  }
  return round;
}

// ---------------------------------------------------------------- the adapters, from the configuration

export function certificateSource(config: Config): CertificateSource {
  return config.certificateProbe.targets.length ? tlsCertificateSource() : embeddedCertificateSource();
}

export function o11yHealthSource(config: Config): O11yHealthSource {
  const o = config.o11yProbe;
  return o.kind === 'http'
    ? httpO11yHealthSource({ urlTemplate: o.urlTemplate, checks: o.checks })
    : embeddedO11yHealthSource();
}

// ---------------------------------------------------------------- the observations

/** What a certificate round logs: each target it could not record (warn), and a summary when targets are set. */
function reportCertificates(round: CertificateRound, targets: number, log: ObservationLog): void {
  for (const f of round.failed)
    log.warn({ probe: 'certificates', ...f }, `certificate probe of ${f.target} failed: its stored row stands`);
  for (const s of round.skipped)
    log.warn({ probe: 'certificates', ...s }, `certificate probe of ${s.target} not recorded: ${s.reason}`);
  if (targets)
    log.info(
      {
        probe: 'certificates',
        targets,
        inserted: round.inserted,
        updated: round.updated,
        unchanged: round.unchanged,
        failed: round.failed.length,
        skipped: round.skipped.length,
      },
      'certificate probe round done',
    );
}

/**
 * Certificates: every CERT_PROBE_INTERVAL_MINUTES the configured targets' handshakes (due at start when targets are
 * configured; the embedded source observes nothing and its rounds change nothing).
 */
export function certificateObservation(config: Config, source: CertificateSource = certificateSource(config)) {
  const { targets, intervalMinutes } = config.certificateProbe;
  return defineObservation({
    kind: CERT_PROBE_JOB,
    periodMs: intervalMinutes * 60_000,
    firstRound: source.kind === 'embedded' ? 'period' : 'now',
    observe: ({ signal }) => source.observe(targets, { signal }),
    record: (tx, observed) => recordCertificates(tx, observed),
    report: (round, { log }) => reportCertificates(round, targets.length, log),
  });
}

/** O11y health: every O11Y_PROBE_INTERVAL_MINUTES each o11y cluster's checks (due at start with the HTTP prober). */
export function o11yObservation(config: Config, source: O11yHealthSource = o11yHealthSource(config)) {
  return defineObservation({
    kind: O11Y_PROBE_JOB,
    periodMs: config.o11yProbe.intervalMinutes * 60_000,
    firstRound: source.kind === 'embedded' ? 'period' : 'now',
    observe: async ({ db, signal }) => source.observe(await repo.selectO11yProbeTargets(db), { signal }),
    record: (tx, observed) => recordO11yHealth(tx, observed, new Date()),
    report: (round, { log }) => {
      for (const c of round.changed)
        log[c.to === 'healthy' ? 'info' : 'warn'](
          { probe: 'o11y', cluster: c.name, from: c.from, to: c.to, message: c.message },
          `o11y cluster ${c.name} is ${c.to} (was ${c.from})`,
        );
      if (source.kind !== 'embedded')
        log.info(
          { probe: 'o11y', checked: round.checked, changed: round.changed.length, missing: round.missing },
          'o11y probe round done',
        );
    },
  });
}

/** The monitoring area's observations (its feature's `observations`). */
export function probeObservations(ctx: Pick<AppContext, 'config'>): Observation[] {
  return [certificateObservation(ctx.config), o11yObservation(ctx.config)];
}
