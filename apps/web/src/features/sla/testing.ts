import type { SlaClusterMonth, SlaDetail, SlaFleet, SlaMonthly } from '@portal/contract';

/** Contract-typed SLA answers for the area's tests. */
export const P = '/api/v1/devops/dashboard';

export function clusterMonth(over: Partial<SlaClusterMonth> = {}): SlaClusterMonth {
  return {
    cluster_id: '1034298374651829101',
    cluster_name: 'orders-prod',
    tenant_id: '1372813089209061633',
    tenant_name: 'Northwind Traders',
    provider: 'AWS',
    region: 'us-east-1',
    plan: 'dedicated',
    slo_percent: 99.99,
    month: '2026-10',
    measured_minutes: 44_640,
    downtime_minutes: 6,
    allowed_downtime_minutes: 4.46,
    availability_percent: 99.9866,
    breached: true,
    windows: 2,
    ...over,
  };
}

export function fleet(over: Partial<SlaFleet> = {}): SlaFleet {
  return {
    month: '2026-10',
    period_start: '2026-10-01T00:00:00.000Z',
    period_end: '2026-11-01T00:00:00.000Z',
    clusters: 412,
    clusters_with_downtime: 2,
    breaches: 1,
    downtime_minutes: 31,
    availability_percent: 99.9998,
    worst: [
      clusterMonth(),
      clusterMonth({
        cluster_id: '1034298374651829202',
        cluster_name: 'byoc-analytics',
        plan: 'dedicated_byoc',
        slo_percent: 99.9,
        downtime_minutes: 25,
        allowed_downtime_minutes: 44.64,
        availability_percent: 99.944,
        breached: false,
        windows: 1,
      }),
    ],
    ...over,
  };
}

const day = (d: number, downtime = 0) => ({
  day: `2026-10-${String(d).padStart(2, '0')}`,
  measured_minutes: 1440,
  downtime_minutes: downtime,
  allowed_downtime_minutes: 0.14,
  availability_percent: Math.round(10_000 * 100 * (1 - downtime / 1440)) / 10_000,
  breached: downtime > 0.144,
});

export function detail(over: Partial<SlaDetail> = {}): SlaDetail {
  return {
    cluster: clusterMonth(),
    days: [day(1), day(2, 2), day(3)],
    windows: [
      {
        id: '7',
        started_at: '2026-10-02T11:20:00.000Z',
        ended_at: '2026-10-02T11:22:00.000Z',
        minutes: 2,
        minutes_in_month: 2,
        cause: 'TiKV store down on az-b',
        incident: { id: 'INC-1012', title: 'TiKV store down on az-b', severity: 'critical', status: 'resolved' },
      },
      {
        id: '8',
        started_at: '2026-09-30T23:58:00.000Z',
        ended_at: '2026-10-01T00:02:00.000Z',
        minutes: 4,
        minutes_in_month: 2,
        cause: 'Load balancer health checks flapped',
        incident: null,
      },
    ],
    ...over,
  };
}

export function monthly(): SlaMonthly {
  return {
    cluster_id: '1034298374651829101',
    plan: 'dedicated',
    months: [
      {
        month: '2026-09',
        slo_percent: 99.99,
        measured_minutes: 0,
        downtime_minutes: 0,
        allowed_downtime_minutes: 0,
        availability_percent: null,
        breached: false,
      },
      {
        month: '2026-10',
        slo_percent: 99.99,
        measured_minutes: 44_640,
        downtime_minutes: 6,
        allowed_downtime_minutes: 4.46,
        availability_percent: 99.9866,
        breached: true,
      },
    ],
  };
}
