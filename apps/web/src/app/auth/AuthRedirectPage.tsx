import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../../shared/lib/feedback';
import { ResultMessage } from '../../shared/ui/ResultMessage';
import { completeLogin } from './callback';
import { FullPageMessage } from './FullPageMessage';
import { startLogin } from './login';
import { writeSession } from './session';
import { useAuthConfig } from './useAuthConfig';

export const LOGIN_RETRY_DELAY_MS = 3000;

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
    const result = completeLogin(location);
    if (result.ok) {
      writeSession(result.session);
      feedback().message.success('Login successfully');
      // replace: the tokens in this URL's fragment must not stay in the history.
      void navigate(result.target, { replace: true });
    } else {
      feedback().message.error(`Login failed: ${result.reason}`);
      setFailure({ reason: result.reason, target: result.target });
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
