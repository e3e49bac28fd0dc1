/** Spec §1/§9 display formatters, shared by every page. */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents → "$1,234.50"; a missing value → "-". */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '-';
  return usd.format(cents / 100);
}

/** A fraction (0.125) → "12.5%"; a missing value → "-". */
export function formatPercent(fraction: number | null | undefined, digits = 2): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return '-';
  const pct = Number((fraction * 100).toFixed(digits));
  return `${pct}%`;
}

/** Exchange rates are shown to 4 decimals. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return '-';
  return rate.toFixed(4);
}

/** An instant → "YYYY-MM-DD" in UTC; a missing or invalid value → "-". */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  return d.toISOString().slice(0, 10);
}

/** An instant → "YYYY-MM-DD HH:mm:ss" in UTC; a missing value → "-". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)}`;
}

/** Cluster status as shown to people: without the USER_CLUSTER_STATUS_ prefix. */
export function displayClusterStatus(status: string | null | undefined): string {
  if (!status) return '-';
  return status.replace(/^USER_CLUSTER_STATUS_/, '');
}
