import type { CertificateRegion, CertificateStatus } from '@portal/contract';

/* The monitoring pages' small rules (no React): what they show by default and how they word a count of days. */

/** The region shown when the URL names none: the first with an expired certificate, else one expiring, else the 1st. */
export function defaultRegion(regions: readonly CertificateRegion[] | undefined): string | undefined {
  if (!regions?.length) return undefined;
  return (
    regions.find((r) => r.expired > 0) ??
    regions.find((r) => r.expiring > 0) ??
    regions.find((r) => r.total > 0) ??
    regions[0]
  )?.region_id;
}

/**
 * What a certificate's days left say, and their highlight: warning while it is expiring (it ends within
 * CERTIFICATE_EXPIRING_DAYS), danger once expired; none while valid.
 */
export function daysLeftText(
  days: number,
  status: CertificateStatus,
): { text: string; tone: 'danger' | 'warning' | undefined } {
  if (status === 'expired') {
    const ago = Math.max(1, -days);
    return { text: `expired ${ago} day${ago === 1 ? '' : 's'} ago`, tone: 'danger' };
  }
  const text = days <= 0 ? 'ends today' : `${days} day${days === 1 ? '' : 's'}`;
  return { text, tone: status === 'expiring' ? 'warning' : undefined };
}

/** 1234567 → "1.23M", 48200 → "48.2K", 950 → "950". */
export function formatCount(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${trim(n / 1e9)}B`;
  if (abs >= 1e6) return `${trim(n / 1e6)}M`;
  if (abs >= 1e3) return `${trim(n / 1e3)}K`;
  return String(Math.round(n));
}
const trim = (x: number) => String(Number(x.toPrecision(3)));

/** "1,802 / 4,096 GiB (44%)". */
export function formatStorage(usedGib: number, capacityGib: number): string {
  const pct = capacityGib > 0 ? Math.round((usedGib / capacityGib) * 100) : 0;
  const f = (v: number) => Math.round(v).toLocaleString('en-US');
  return `${f(usedGib)} / ${f(capacityGib)} GiB (${pct}%)`;
}
