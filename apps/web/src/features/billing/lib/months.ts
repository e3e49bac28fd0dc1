import { monthKey, monthRange } from '@portal/contract';

/** The months a month filter offers: this month (UTC) and the `count - 1` before it, newest first ("2026-10"). */
export function recentMonths(count = 24, now: Date | number = Date.now()): string[] {
  const d = new Date(now);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1));
    out.push(monthKey(first.getUTCFullYear(), first.getUTCMonth() + 1));
  }
  return out;
}

/** "2026-10" → its year and month (1–12), or undefined. */
export function parseMonth(key: string | undefined): { year: number; month: number } | undefined {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key ?? '');
  return m ? { year: Number(m[1]), month: Number(m[2]) } : undefined;
}

/** §9: a month filter as the invoice list's `from`/`to` (the month start to the next month start, UTC). */
export function monthFilter(key: string | undefined): { from?: string; to?: string } {
  const m = parseMonth(key);
  return m ? monthRange(m.year, m.month) : {};
}

/**
 * A period's end as shown: a month runs to the next month's start (§9, exclusive), so an end at midnight shows as the
 * last instant before it (2026-12-01T00:00:00Z → 2026-11-30 23:59:59); an end already inclusive shows as it is.
 */
export function shownEnd(end: string): string {
  const t = Date.parse(end);
  return Number.isNaN(t) || t % 86_400_000 !== 0 ? end : new Date(t - 1000).toISOString();
}
