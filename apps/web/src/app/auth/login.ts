import type { AuthConfig } from '@portal/contract';
import { browser } from '../../shared/lib/browser';
import { base64UrlDecode, base64UrlEncode } from './jwt';
import { clearSession, readSession } from './session';

export const AUTH_REDIRECT_PATH = '/auth_redirect';
export const NONCE_KEY = 'portal.auth.nonce';
export const STATE_KEY = 'portal.auth.state';

export function randomToken(bytes = 16): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** C0 control characters and DEL, raw or percent-encoded: URL parsers drop or mangle them, so never trust them. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return /%(?:[01][0-9a-f]|7f)/i.test(text);
}

/**
 * The only place a return target (the `prev` query parameter, the target carried in the login state, the page that
 * asked for sign-in) becomes somewhere to go: it is parsed as a URL against `origin` and kept only when it stays on
 * that origin over http(s). The answer is that URL's path, query and fragment. Anything else gives "/": another
 * origin, `//host`, `\\host`, `javascript:`, control characters (a tab in `/\t/evil.com` is dropped by the parser,
 * leaving `//evil.com`), a path that resolves to `//host`, the callback itself, empty. No open redirects, and nothing
 * the router cannot go to.
 */
export function safeReturnPath(target: string | null | undefined, origin: string = window.location.origin): string {
  if (!target || hasControlCharacter(target)) return '/';
  let url: URL;
  let home: string;
  try {
    home = new URL(origin).origin;
    url = new URL(target, home);
  } catch {
    return '/';
  }
  if (url.origin !== home || (url.protocol !== 'http:' && url.protocol !== 'https:')) return '/';
  // `/.//evil.com` and `/a/../..//evil.com` resolve to the path `//evil.com`, which would leave the origin again.
  if (url.pathname.startsWith('//') || url.pathname.startsWith(AUTH_REDIRECT_PATH)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface LoginState {
  /** Random value, checked against sessionStorage on return. */
  r: string;
  /** Return target: path + query. */
  t: string;
}

export function encodeState(state: LoginState): string {
  return base64UrlEncode(JSON.stringify(state));
}

export function decodeState(value: string | null | undefined): LoginState | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(base64UrlDecode(value)) as Partial<LoginState>;
    return typeof parsed.r === 'string' && typeof parsed.t === 'string' ? { r: parsed.r, t: parsed.t } : null;
  } catch {
    return null;
  }
}

export function currentTarget(): string {
  return safeReturnPath(`${window.location.pathname}${window.location.search}`);
}

export interface AuthorizeRequest {
  url: string;
  nonce: string;
  state: string;
}

/** The implicit-flow authorize URL (spec §7): response type "token id_token", scope "openid email", nonce, state. */
export function buildAuthorizeUrl(
  config: AuthConfig,
  target: string,
  options: { prompt?: string } = {},
): AuthorizeRequest {
  const nonce = randomToken();
  const state = encodeState({ r: randomToken(), t: safeReturnPath(target) });
  const url = new URL(config.authorizationEndpoint, window.location.origin);
  url.searchParams.set('response_type', 'token id_token');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', `${window.location.origin}${AUTH_REDIRECT_PATH}`);
  url.searchParams.set('scope', 'openid email');
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('state', state);
  if (options.prompt) url.searchParams.set('prompt', options.prompt);
  return { url: url.toString(), nonce, state };
}

/** Remembers nonce and state for the return trip, then leaves for the issuer's login page. */
export function startLogin(
  config: AuthConfig,
  target: string = currentTarget(),
  options: { prompt?: string } = {},
): void {
  const request = buildAuthorizeUrl(config, target, options);
  window.sessionStorage.setItem(NONCE_KEY, request.nonce);
  window.sessionStorage.setItem(STATE_KEY, request.state);
  browser.assign(request.url);
}

/**
 * Clears the session, then signs out at the issuer when it has an end-session endpoint, else reloads to log in again.
 */
export function logout(config: AuthConfig | undefined): void {
  const idToken = readSession()?.idToken;
  // Quietly: the page is leaving; a re-render would start a login racing this navigation.
  clearSession({ notify: false });
  if (config?.endSessionEndpoint) {
    const url = new URL(config.endSessionEndpoint, window.location.origin);
    if (idToken) url.searchParams.set('id_token_hint', idToken);
    url.searchParams.set('post_logout_redirect_uri', `${window.location.origin}/`);
    if (config.clientId) url.searchParams.set('client_id', config.clientId);
    browser.assign(url.toString());
  } else {
    browser.reload();
  }
}
