import { describe, expect, it } from 'vitest';
import {
  monthBounds,
  monthLabel,
  monthOf,
  SLA_MESSAGES,
  SLA_OBJECTIVES,
  slaApi,
  slaClusterNotFound,
  slaListQuery,
  slaMonthlyQuery,
  slaMonthOutOfRange,
  slaMonths,
} from './sla.js';
import { errorCatalogue } from './errors.js';

describe('SLA objectives', () => {
  it('holds dedicated clusters to 99.99% and BYOC ones to 99.9%, budgets in ppm of the measured time', () => {
    expect(SLA_OBJECTIVES.map((o) => [o.plan, o.byoc, o.target_percent, o.budget_ppm])).toEqual([
      ['dedicated', false, 99.99, 100],
      ['dedicated_byoc', true, 99.9, 1000],
    ]);
    for (const o of SLA_OBJECTIVES) expect(o.budget_ppm).toBe(Math.round((100 - o.target_percent) * 10_000));
  });
});

describe('SLA months', () => {
  it('covers the current month and the 11 before it, newest first, across a year', () => {
    const months = slaMonths(Date.UTC(2026, 1, 10, 12));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-02');
    expect(months[1]).toBe('2026-01');
    expect(months[2]).toBe('2025-12');
    expect(months.at(-1)).toBe('2025-03');
  });

  it('bounds a month in UTC, through leap years and December', () => {
    expect(monthBounds('2024-02')).toEqual({ start: Date.UTC(2024, 1, 1), end: Date.UTC(2024, 2, 1) });
    expect((monthBounds('2024-02').end - monthBounds('2024-02').start) / 86_400_000).toBe(29);
    expect(monthBounds('2026-12')).toEqual({ start: Date.UTC(2026, 11, 1), end: Date.UTC(2027, 0, 1) });
    expect(() => monthBounds('2026-13')).toThrow();
    expect(monthOf(Date.UTC(2026, 9, 31, 23, 59))).toBe('2026-10');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});

describe('SLA requests and messages', () => {
  it('pins the messages', () => {
    expect(SLA_MESSAGES).toEqual({
      monthFormat: 'month must be a month as YYYY-MM, e.g. 2026-11',
      monthsRange: 'months must be a whole number from 1 to 12',
      notMeasured: 'Not measured: the cluster did not exist yet',
    });
    expect(slaMonthOutOfRange('2025-12', '2026-11')).toBe(
      'month must be between 2025-12 and 2026-11: SLA reports cover the current month and the 11 before it',
    );
    expect(slaClusterNotFound('42')).toBe('No dedicated cluster 42: SLAs are measured for dedicated clusters');
    expect(errorCatalogue['sla.monthOutOfRange'].status).toBe(400);
    expect(errorCatalogue['sla.clusterNotFound'].status).toBe(404);
  });

  it('takes a month, filters and the availability sort, 10 a page', () => {
    expect(slaListQuery.parse({})).toEqual({ page: 1, per_page: 10, sort: 'availability' });
    expect(
      slaListQuery.parse({ month: '2026-10', breached: 'true', provider: 'AWS', sort: '-availability' }),
    ).toMatchObject({ month: '2026-10', breached: 'true', provider: 'AWS', sort: '-availability' });
    expect(slaListQuery.safeParse({ month: '2026-1' }).error?.issues[0]?.message).toBe(SLA_MESSAGES.monthFormat);
    expect(slaListQuery.safeParse({ sort: 'name' }).success).toBe(false);
    expect(slaMonthlyQuery.parse({})).toEqual({ months: 12 });
    expect(slaMonthlyQuery.safeParse({ months: '13' }).error?.issues[0]?.message).toBe(SLA_MESSAGES.monthsRange);
  });

  it('reads under the dashboard prefix with sla.read', () => {
    expect(Object.values(slaApi).map((r) => `${r.method} ${r.path} ${r.access}`)).toEqual([
      'GET /api/v1/devops/dashboard/sla sla.read',
      'GET /api/v1/devops/dashboard/sla/dedicated sla.read',
      'GET /api/v1/devops/dashboard/sla/dedicated/:clusterId sla.read',
      'GET /api/v1/devops/dashboard/sla/dedicated/:clusterId/monthly sla.read',
      'GET /api/v1/devops/dashboard/slo sla.read',
    ]);
  });
});
