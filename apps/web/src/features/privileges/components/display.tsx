import { useEffect, useState } from 'react';
import { GRANT_STATUS_COLORS } from '@portal/contract';
import type { GrantStatus } from '@portal/contract';
import { DateText } from '../../../shared/ui/Formatted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';

export function GrantStatusTag({ status }: { status: GrantStatus }) {
  return <StatusTag status={status} color={GRANT_STATUS_COLORS[status]} />;
}

const UNITS: [unit: string, ms: number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "in 3 days", "2 hours ago", "in 5 minutes", "just now": the largest whole unit between `now` and `at`. */
export function relativeTime(at: string, now: number): string {
  const diff = Date.parse(at) - now;
  const abs = Math.abs(diff);
  for (const [unit, ms] of UNITS) {
    const n = Math.floor(abs / ms);
    if (n >= 1) {
      const text = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return diff > 0 ? `in ${text}` : `${text} ago`;
    }
  }
  return 'just now';
}

/** A time with how far it is from now, kept current every minute. */
export function TimeWithRelative({ value, dim, stacked }: { value: string; dim?: boolean; stacked?: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <DateText value={value} withTime />
      {stacked ? <br /> : ' '}
      <Text type={dim ? 'secondary' : undefined} style={stacked ? { fontSize: 12 } : undefined}>
        ({relativeTime(value, now)})
      </Text>
    </span>
  );
}
