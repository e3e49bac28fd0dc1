import { decodeJwtPayload } from './jwt';
import { decodeState, NONCE_KEY, safeReturnPath, STATE_KEY } from './login';
import type { Session } from './session';

export const DEFAULT_LOGIN_FAILURE = 'authentication failure';

export type CallbackResult =
  { ok: true; session: Session; target: string } | { ok: false; reason: string; target: string };

/**
 * Reads the issuer's answer on /auth_redirect (tokens in the fragment, spec §7), checks state and the
 * id token's nonce against what startLogin stored, and builds the session. The return target is the
 * `prev` query parameter, else the target carried in state, through safeReturnPath (a same-origin path, else "/").
 */
export function completeLogin(location: { hash: string; search: string }, now: number = Date.now()): CallbackResult {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  const param = (name: string) => fragment.get(name) ?? query.get(name);

  const stateParam = param('state');
  const state = decodeState(stateParam);
  const target = safeReturnPath(query.get('prev') || state?.t);
  const fail = (reason: string, detail?: string): CallbackResult => {
    if (detail) console.warn(`Login failed: ${detail}`);
    return { ok: false, reason, target };
  };

  const error = param('error');
  if (error) return fail(param('error_description') || error);

  const expectedState = window.sessionStorage.getItem(STATE_KEY);
  const expectedNonce = window.sessionStorage.getItem(NONCE_KEY);
  if (!stateParam || !expectedState || stateParam !== expectedState)
    return fail(DEFAULT_LOGIN_FAILURE, 'state mismatch');

  const accessToken = param('access_token');
  const idToken = param('id_token');
  if (!accessToken || !idToken) return fail(DEFAULT_LOGIN_FAILURE, 'tokens missing');

  const claims = decodeJwtPayload(idToken);
  if (!claims) return fail(DEFAULT_LOGIN_FAILURE, 'id token unreadable');
  if (!expectedNonce || claims.nonce !== expectedNonce) return fail(DEFAULT_LOGIN_FAILURE, 'nonce mismatch');
  if (typeof claims.email !== 'string' || !claims.email) return fail(DEFAULT_LOGIN_FAILURE, 'no email claim');

  const expiresIn = Number(param('expires_in'));
  const expiresAt =
    Number.isFinite(expiresIn) && expiresIn > 0
      ? now + expiresIn * 1000
      : typeof claims.exp === 'number'
        ? claims.exp * 1000
        : NaN;
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return fail(DEFAULT_LOGIN_FAILURE, 'no expiry');

  window.sessionStorage.removeItem(STATE_KEY);
  window.sessionStorage.removeItem(NONCE_KEY);
  return { ok: true, session: { accessToken, idToken, expiresAt, email: claims.email }, target };
}
