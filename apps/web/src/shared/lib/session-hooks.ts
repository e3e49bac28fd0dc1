/**
 * What the shared layer needs from the signed-in session, registered by the app at start.
 * Keeps `shared/` free of any import from `app/` (dependencies point one way).
 */
export interface SessionHooks {
  /** The id token to send as the bearer, or undefined when signed out. */
  getIdToken(): string | undefined;
  /** The sign-in email, for messages. */
  getEmail(): string | undefined;
  /** Clears the session and restarts login (the "Switch Account" action). */
  switchAccount(): void;
}

const hooks: SessionHooks = {
  getIdToken: () => undefined,
  getEmail: () => undefined,
  switchAccount: () => undefined,
};

export function configureSessionHooks(next: Partial<SessionHooks>): void {
  Object.assign(hooks, next);
}

export function sessionHooks(): SessionHooks {
  return hooks;
}
