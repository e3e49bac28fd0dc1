/** Spec §3 login session, kept in localStorage: access token, id token, expiry time, sign-in email. */
export interface Session {
  accessToken: string;
  idToken: string;
  /** Epoch milliseconds; the session is valid only while now < expiresAt (spec §5). */
  expiresAt: number;
  email: string;
}

export const SESSION_KEY = 'portal.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    if (
      typeof value.accessToken === 'string' &&
      typeof value.idToken === 'string' &&
      typeof value.expiresAt === 'number' &&
      typeof value.email === 'string'
    ) {
      return value as Session;
    }
  } catch {
    // a corrupt entry counts as signed out
  }
  return null;
}

/** The stored session, valid or not (same object while storage is unchanged). */
export function readSession(): Session | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

export function isSessionValid(session: Session | null, now: number = Date.now()): session is Session {
  return session !== null && now < session.expiresAt;
}

/** The session if it has not expired yet. */
export function getValidSession(now: number = Date.now()): Session | null {
  const session = readSession();
  return isSessionValid(session, now) ? session : null;
}

function emit() {
  for (const listener of listeners) listener();
}

export function writeSession(session: Session): void {
  window.localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  emit();
}

/**
 * Forgets the session. `notify: false` skips telling the page (used when the page is about to
 * navigate away, so the sign-in gate does not start a login that would race that navigation).
 */
export function clearSession({ notify = true }: { notify?: boolean } = {}): void {
  try {
    window.localStorage.removeItem(SESSION_KEY);
  } finally {
    if (notify) emit();
  }
}

/** For useSyncExternalStore; also follows sign-in/out in other tabs. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
