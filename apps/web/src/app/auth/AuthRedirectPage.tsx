import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { browser } from '../../shared/lib/browser';
import { feedback } from '../../shared/lib/feedback';
import { ResultMessage } from '../../shared/ui/ResultMessage';
import { type CallbackResult, completeLogin, DEFAULT_LOGIN_FAILURE } from './callback';
import { FullPageMessage } from './FullPageMessage';
import { AUTH_REDIRECT_PATH, startLogin } from './login';
import { writeSession } from './session';
import { useAuthConfig } from './useAuthConfig';

export const LOGIN_RETRY_DELAY_MS = 3000;

/** Replaces this history entry's URL with the bare callback path, keeping the router's entry state. */
function forgetAnswer(): void {
  try {
    window.history.replaceState(window.history.state, '', AUTH_REDIRECT_PATH);
  } catch (error) {
    console.warn('Could not clear the sign-in answer from the URL:', error);
  }
}

/** /auth_redirect (public): finishes the implicit flow, then returns to where the user was. */
export function AuthRedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const config = useAuthConfig();
  const handled = useRef(false);
  const [failure, setFailure] = useState<{ reason: string; target: string } | null>(null);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    // First, before anything can fail: the tokens in the fragment (and the rest of the issuer's answer) leave the
    // address bar and this history entry.
    forgetAnswer();
    let result: CallbackResult;
    try {
      result = completeLogin(location);
    } catch (error) {
      console.warn('Login failed:', error);
      result = { ok: false, reason: DEFAULT_LOGIN_FAILURE, target: '/' };
    }
    if (result.ok) {
      writeSession(result.session);
      feedback().message.success('Login successfully');
      // The target is a same-origin path (safeReturnPath); should the router still refuse it, load the home page.
      void Promise.resolve(navigate(result.target, { replace: true })).catch(() => browser.assign('/'));
    } else {
      feedback().message.error(`Login failed: ${result.reason}`);
      setFailure({ reason: result.reason, target: result.target });
      // The router's own copy of the location, too.
      void navigate(AUTH_REDIRECT_PATH, { replace: true });
    }
  }, [location, navigate]);

  useEffect(() => {
    if (!failure || !config.data) return;
    const authConfig = config.data;
    const timer = setTimeout(() => startLogin(authConfig, failure.target), LOGIN_RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [failure, config.data]);

  if (failure) {
    return (
      <FullPageMessage spinning={false}>
        <ResultMessage status="error" title={`Login failed: ${failure.reason}`} subTitle="Restarting login..." />
      </FullPageMessage>
    );
  }
  return <FullPageMessage text="Please wait..." />;
}
