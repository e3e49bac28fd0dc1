import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@portal/contract';
import type { SupportSession } from '@portal/contract';
import { tenantOpsKeys } from '../tenantOps';
import { useEndSession } from './useEndSession';

/** "1 h 05 min left", "12 min left", "less than a minute left". */
export function remainingText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (ms <= 60_000) return 'less than a minute left';
  if (minutes < 60) return `${minutes} min left`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min left`;
}

/**
 * The caller's active support session in this tenant, on the tenant page: the time left (counting down) and the
 * reason; ending it is the header action's (and this banner's button, for those who may).
 */
export function SupportSessionBanner({ session, canEnd }: { session: SupportSession; canEnd: boolean }) {
  const client = useQueryClient();
  const endSession = useEndSession(session.tenant_id);
  const expires = Date.parse(session.expires_at);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const left = expires - now;
  useEffect(() => {
    // Past its time limit the session counts as ended: ask the server again, which drops it.
    if (left > 0) return;
    void client.invalidateQueries({ queryKey: tenantOpsKeys.sessions(session.tenant_id) });
  }, [left, client, session.tenant_id]);
  if (left <= 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      aria-label="Support session"
      style={{ marginBottom: 16 }}
      title={`Support session active: ${remainingText(left)} (until ${formatDateTime(session.expires_at)} UTC)`}
      description={`Reason: ${session.reason}`}
      action={
        canEnd ? (
          <Button size="small" danger onClick={endSession}>
            End session
          </Button>
        ) : null
      }
    />
  );
}
