import type { QueryClient } from '@tanstack/react-query';
import { browser } from '../../shared/lib/browser';
import { configureSessionHooks } from '../../shared/lib/session-hooks';
import { currentTarget, startLogin } from './login';
import { clearSession, getValidSession, readSession } from './session';
import { cachedAuthConfig } from './useAuthConfig';

/** Wires the HTTP client and notices to the session: bearer token, email, switch account. */
export function installSessionHooks(client: QueryClient): void {
  configureSessionHooks({
    getIdToken: () => getValidSession()?.idToken,
    getEmail: () => readSession()?.email,
    switchAccount: () => {
      clearSession({ notify: false });
      const config = cachedAuthConfig(client);
      // prompt=login asks the issuer for credentials again instead of reusing its own session.
      if (config) startLogin(config, currentTarget(), { prompt: 'login' });
      else browser.reload();
    },
  });
}
