import { describe, expect, it } from 'vitest';
import { METRIC_NAMES } from '@portal/contract';
import {
  anomaliesOf,
  anomalyWindowsBetween,
  coresOf,
  inAnomaly,
  loadShape,
  METRIC_ANOMALIES,
  seriesModel,
  type SeriesProfile,
} from './model.js';

/*
 * The embedded model on its own: pure, deterministic, seasonal, bounded, and its anomaly windows where their
 * schedules say.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Tuesday 2026-11-24, 00:00 UTC.
const T0 = Date.UTC(2026, 10, 24);
const profile: SeriesProfile = {
  clusterId: '1034298374651829001',
  region: 'us-east-1',
  createdAt: Date.UTC(2025, 0, 1),
  tidb: { replicas: 2, cores: 8 },
};

describe('the embedded metrics model', () => {
  it('gives the same numbers for the same series and instant, every time', () => {
    const at = T0 + 14 * HOUR + 7 * 60_000;
    const of = (m: (typeof METRIC_NAMES)[number]) =>
      seriesModel(m, m.startsWith('component') ? { ...profile, component: 'tikv' } : profile)(at);
    const values = METRIC_NAMES.map(of);
    expect(METRIC_NAMES.map(of)).toEqual(values);
    // qps, p99 seconds, errors/s, connections, TiKV CPU, TiKV memory, storage.
    expect(values).toEqual([1195.0682, 0.0113, 0.4122, 91, 0.45, 0.6416, 0.4797]);
    // Another cluster has its own level and noise.
    expect(seriesModel('tidb_qps', { ...profile, clusterId: '2' })(at)).not.toBe(values[0]);
  });

  it('has no value before the cluster existed', () => {
    expect(seriesModel('tidb_qps', profile)(profile.createdAt - 1)).toBeNull();
    expect(seriesModel('tidb_qps', profile)(profile.createdAt)).not.toBeNull();
  });

  it('peaks in the region’s afternoon and is quieter at night and at weekends', () => {
    // us-east-1 is UTC-5: 14:00 local is 19:00 UTC.
    expect(loadShape(T0 + 19 * HOUR, 'us-east-1')).toBeCloseTo(1, 10);
    expect(loadShape(T0 + 7 * HOUR, 'us-east-1')).toBeCloseTo(0.2, 10);
    // Saturday 2026-11-28.
    expect(loadShape(T0 + 4 * DAY + 19 * HOUR, 'us-east-1')).toBeCloseTo(0.7, 10);
    const qps = seriesModel('tidb_qps', profile, { anomalies: false });
    expect(qps(T0 + 19 * HOUR)! / qps(T0 + 7 * HOUR)!).toBeGreaterThan(4);
  });

  it('keeps ratios within 0..1 over a week at every minute', () => {
    for (const component of ['tidb', 'tikv', 'pd', 'tiflash', 'tiproxy'] as const) {
      const cpu = seriesModel('component_cpu_usage_ratio', { ...profile, component });
      const mem = seriesModel('component_memory_usage_ratio', { ...profile, component });
      for (let t = T0; t < T0 + 7 * DAY; t += 7 * 60_000) {
        for (const v of [cpu(t)!, mem(t)!]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('reads cores from node specs', () => {
    expect(coresOf('8C32G')).toBe(8);
    expect(coresOf('16c64g')).toBe(16);
    expect(coresOf('large')).toBe(0);
  });
});

describe('anomaly windows', () => {
  it('recur on their UTC schedules: one day holds each daily one once, the 12-hourly twice, the 6-hourly four times', () => {
    const windows = anomalyWindowsBetween(T0, T0 + DAY);
    const per = (key: string) =>
      windows.filter((w) => w.anomaly.key === key).map((w) => new Date(w.start).toISOString());
    expect(per('qps-spike')).toEqual(['2026-11-24T13:00:00.000Z']);
    expect(per('latency-spike')).toEqual(['2026-11-24T02:10:00.000Z', '2026-11-24T14:10:00.000Z']);
    expect(per('error-burst')).toEqual([
      '2026-11-24T00:40:00.000Z',
      '2026-11-24T06:40:00.000Z',
      '2026-11-24T12:40:00.000Z',
      '2026-11-24T18:40:00.000Z',
    ]);
    expect(per('tikv-cpu-saturation')).toEqual(['2026-11-24T08:00:00.000Z']);
    expect(per('qps-drop')).toEqual(['2026-11-24T20:00:00.000Z']);
    expect(per('storage-nearly-full')).toEqual(['2026-11-24T00:00:00.000Z']);
    // A window that began before `from` and is still open counts; one that ended exactly at `from` does not.
    expect(
      anomalyWindowsBetween(T0 + 13 * HOUR + 10 * 60_000, T0 + 13 * HOUR + 11 * 60_000).map((w) => w.anomaly.key),
    ).toEqual(['storage-nearly-full', 'qps-spike']);
    expect(
      anomalyWindowsBetween(T0 + 13 * HOUR + 45 * 60_000, T0 + 13 * HOUR + 46 * 60_000).map((w) => w.anomaly.key),
    ).toEqual(['storage-nearly-full']);
    const spike = METRIC_ANOMALIES.find((a) => a.key === 'qps-spike')!;
    expect(inAnomaly(spike, T0 + 13 * HOUR)).toBe(true);
    expect(inAnomaly(spike, T0 + 13 * HOUR + 45 * 60_000)).toBe(false);
    expect(inAnomaly(spike, T0 + 13 * HOUR - 1)).toBe(false);
  });

  it('multiply or pin the value of their series inside the window only', () => {
    for (const a of METRIC_ANOMALIES) {
      const p: SeriesProfile = {
        ...profile,
        clusterId: a.clusterId,
        ...(a.component ? { component: a.component } : {}),
      };
      expect(anomaliesOf(a.metric, a.clusterId, a.component)).toContain(a);
      const model = seriesModel(a.metric, p);
      const base = seriesModel(a.metric, p, { anomalies: false });
      const inside = anomalyWindowsBetween(T0, T0 + DAY).find((w) => w.anomaly === a)!.start + 5 * 60_000;
      if (a.factor !== undefined) expect(model(inside)! / base(inside)!).toBeCloseTo(a.factor, 1);
      else expect(Math.abs(model(inside)! - a.level!)).toBeLessThanOrEqual(0.011);
      if (a.durationMinutes < a.periodHours * 60) {
        const outside = inside - 5 * 60_000 - 60_000;
        expect(model(outside)).toBe(base(outside));
      }
      // Another cluster's same metric is untouched.
      const other = { ...p, clusterId: '1' };
      expect(seriesModel(a.metric, other)(inside)).toBe(seriesModel(a.metric, other, { anomalies: false })(inside));
    }
  });
});
