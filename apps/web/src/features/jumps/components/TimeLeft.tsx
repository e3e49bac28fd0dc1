import { useEffect, useState } from 'react';
import { formatJumpDuration } from '@portal/contract';
import { Text } from '../../../shared/ui/Typography';

/** Minutes from `now` until `expiresAt`, rounded up (0 once it has passed). */
export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

/** An active authorization's time left ("2h 5m left"), kept current every 15 seconds. */
export function TimeLeft({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const left = minutesLeft(expiresAt, now);
  return (
    <Text type={left <= 15 ? 'warning' : 'success'} style={{ whiteSpace: 'nowrap' }}>
      {left ? `${formatJumpDuration(left)} left` : 'expiring now'}
    </Text>
  );
}
