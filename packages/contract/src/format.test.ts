import { describe, expect, it } from 'vitest';
import { displayClusterStatus, formatDate, formatDateTime, formatMoney, formatPercent, formatRate } from './format.js';

describe('formatters (spec §1, §9)', () => {
  it('shows cents as dollars with 2 decimals and a missing value as "-"', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(-2500)).toBe('-$25.00');
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
  });

  it('shows fractions as percents', () => {
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(null)).toBe('-');
  });

  it('shows exchange rates to 4 decimals', () => {
    expect(formatRate(1.3)).toBe('1.3000');
    expect(formatRate(1.34567)).toBe('1.3457');
  });

  it('formats dates in UTC as YYYY-MM-DD, whatever the local zone', () => {
    expect(formatDate('2026-03-31T23:30:00-05:00')).toBe('2026-04-01');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDateTime('2026-03-31T23:30:05Z')).toBe('2026-03-31 23:30:05');
  });

  it('removes the USER_CLUSTER_STATUS_ prefix', () => {
    expect(displayClusterStatus('USER_CLUSTER_STATUS_AVAILABLE')).toBe('AVAILABLE');
    expect(displayClusterStatus('PAUSED')).toBe('PAUSED');
    expect(displayClusterStatus(undefined)).toBe('-');
  });
});
