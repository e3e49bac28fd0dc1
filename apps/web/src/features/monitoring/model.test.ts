import { describe, expect, it } from 'vitest';
import { certificateRegion } from './testing';
import { daysLeftText, defaultRegion, formatCount, formatStorage } from './model';

describe('defaultRegion', () => {
  const a = certificateRegion({ region_id: 'a', expiring: 0, expired: 0 });
  const b = certificateRegion({ region_id: 'b', expiring: 2, expired: 0 });
  const c = certificateRegion({ region_id: 'c', expiring: 0, expired: 1 });
  const empty = certificateRegion({ region_id: 'e', total: 0, expiring: 0, expired: 0 });
  it('opens on an expired certificate first, then an expiring one, then the first with certificates', () => {
    expect(defaultRegion([a, b, c])).toBe('c');
    expect(defaultRegion([a, b])).toBe('b');
    expect(defaultRegion([empty, a])).toBe('a');
    expect(defaultRegion([empty])).toBe('e');
    expect(defaultRegion([])).toBeUndefined();
    expect(defaultRegion(undefined)).toBeUndefined();
  });
});

describe('daysLeftText', () => {
  it('highlights expiring (warning) and expired (danger) certificates, not valid ones', () => {
    expect(daysLeftText(45, 'valid')).toEqual({ text: '45 days', tone: undefined });
    expect(daysLeftText(30, 'expiring')).toEqual({ text: '30 days', tone: 'warning' });
    expect(daysLeftText(1, 'expiring')).toEqual({ text: '1 day', tone: 'warning' });
    expect(daysLeftText(0, 'expiring')).toEqual({ text: 'ends today', tone: 'warning' });
    expect(daysLeftText(-1, 'expired')).toEqual({ text: 'expired 1 day ago', tone: 'danger' });
    expect(daysLeftText(-3, 'expired')).toEqual({ text: 'expired 3 days ago', tone: 'danger' });
  });
});

describe('formatting', () => {
  it('shortens counts and shows storage with its share', () => {
    expect(formatCount(950)).toBe('950');
    expect(formatCount(48_200)).toBe('48.2K');
    expect(formatCount(2_781_000)).toBe('2.78M');
    expect(formatCount(0)).toBe('0');
    expect(formatStorage(1802, 4096)).toBe('1,802 / 4,096 GiB (44%)');
    expect(formatStorage(0, 0)).toBe('0 / 0 GiB (0%)');
  });
});
