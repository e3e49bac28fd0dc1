import { describe, expect, it } from 'vitest';
import { detail } from '../testing';
import { dailyAvailabilityChart, SLA_CHART_COLORS } from './charts';
import { formatAvailability, formatMinutes, objectiveLabel } from './format';

describe('dailyAvailabilityChart', () => {
  it('maps each day to its availability and draws the objective as a flat line', () => {
    const d = detail();
    d.days[0] = { ...d.days[0]!, measured_minutes: 0, availability_percent: null };
    const chart = dailyAvailabilityChart(d);
    expect(chart.x).toEqual(['2026-10-01', '2026-10-02', '2026-10-03']);
    expect(chart.series).toEqual([
      { name: 'Availability %', values: [null, 99.8611, 100], color: SLA_CHART_COLORS.availability },
      { name: 'Objective 99.99%', values: [99.99, 99.99, 99.99], color: SLA_CHART_COLORS.objective },
    ]);
  });

  it('gives an empty chart for a month without days', () => {
    expect(dailyAvailabilityChart(detail({ days: [] }))).toEqual({
      x: [],
      series: [expect.objectContaining({ values: [] }), expect.objectContaining({ values: [] })],
    });
  });
});

describe('SLA formats', () => {
  it('shows availability to four decimals at most, minutes to two, and the objective of a plan', () => {
    expect(formatAvailability(99.99327)).toBe('99.9933%');
    expect(formatAvailability(100)).toBe('100%');
    expect(formatAvailability(99.9)).toBe('99.9%');
    expect(formatAvailability(null)).toBe('-');
    expect(formatMinutes(4.464)).toBe('4.46');
    expect(formatMinutes(6)).toBe('6');
    expect(objectiveLabel('dedicated')).toBe('Dedicated · 99.99%');
    expect(objectiveLabel('dedicated_byoc')).toBe('Dedicated (BYOC) · 99.9%');
  });
});
