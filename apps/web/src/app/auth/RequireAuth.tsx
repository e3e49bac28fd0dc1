import type { ReactNode } from 'react';
import { useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import { Button } from 'antd';
import { useLocation } from 'react-router';
import { errorMessage, isApiError } from '../../shared/lib/ApiError';
import { ResultMessage } from '../../shared/ui/ResultMessage';
import { FullPageMessage } from './FullPageMessage';
import { safeReturnPath, startLogin } from './login';
import { isSessionValid, readSession, subscribeSession } from './session';
import { useAuthConfig } from './useAuthConfig';

export const REDIRECTING_TEXT = 'Redirecting you to the login page...';

/** The address the server says the portal is configured for, when it refuses sign-in at this one (PUBLIC_URL). */
function configuredPortalUrl(error: unknown): string | undefined {
  const details: unknown = isApiError(error) ? error.details : undefined;
  const url = details && typeof details === 'object' ? (details as { portalUrl?: unknown }).portalUrl : undefined;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
}

/** Longest timer browsers honour (~24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Renders its children only with a valid session. Without one (or once it expires) it shows
 * "Redirecting you to the login page..." and starts login, keeping path and query as the return target.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, readSession);
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  const valid = isSessionValid(session, Date.now());
  const config = useAuthConfig();
  const started = useRef(false);
  const location = useLocation();
  const target = safeReturnPath(`${location.pathname}${location.search}`);

  // Re-render when the session expires, so an idle tab signs in again.
  useEffect(() => {
    if (!valid || !session) return;
    const timer = setTimeout(recheck, Math.min(Math.max(session.expiresAt - Date.now(), 0) + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [valid, session]);

  useEffect(() => {
    if (valid) {
      started.current = false;
      return;
    }
    if (!config.data || started.current) return;
    started.current = true;
    startLogin(config.data, target);
  }, [valid, config.data, target]);

  if (valid) return <>{children}</>;
  if (config.error) {
    const portalUrl = configuredPortalUrl(config.error);
    return (
      <FullPageMessage spinning={false}>
        <ResultMessage
          status="error"
          title={portalUrl ? 'Sign-in is not available at this address' : 'Cannot reach the sign-in service'}
          subTitle={errorMessage(config.error)}
          extra={
            portalUrl ? (
              <Button type="primary" href={portalUrl}>
                Open {portalUrl}
              </Button>
            ) : (
              <Button onClick={() => void config.refetch()}>Retry</Button>
            )
          }
        />
      </FullPageMessage>
    );
  }
  return <FullPageMessage text={REDIRECTING_TEXT} />;
}
