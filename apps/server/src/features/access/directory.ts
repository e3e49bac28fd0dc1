import { isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { answerJson, callOut } from '../../platform/outbound.js';
import { portalUsers } from '../../platform/schema.js';
import { DEMO_ACCOUNTS } from '../../seed/accounts.js';

/** One person of the sign-in issuer's directory. */
export interface DirectoryUser {
  email: string;
  name: string;
}

/**
 * The OIDC issuer's user directory, which the user sync (POST /api/v1/devops/users/sync) reads: the built-in
 * issuer's accounts by default, or an external issuer's admin API (OIDC_DIRECTORY_URL).
 */
export interface UserDirectory {
  readonly source: 'built-in' | 'external';
  list(signal?: AbortSignal): Promise<DirectoryUser[]>;
}

/**
 * The built-in issuer's accounts: the portal users who can sign in on its page (those with a password), and the demo
 * accounts when the demo seed is on.
 */
export function builtinDirectory(db: Db, opts: { demo: boolean }): UserDirectory {
  return {
    source: 'built-in',
    async list() {
      const rows = await db
        .select({ email: portalUsers.email, name: portalUsers.name })
        .from(portalUsers)
        .where(isNotNull(portalUsers.passwordHash));
      const out = new Map<string, DirectoryUser>();
      if (opts.demo) for (const a of DEMO_ACCOUNTS) out.set(a.email, { email: a.email, name: a.name });
      for (const r of rows) if (!out.has(r.email)) out.set(r.email, r);
      return [...out.values()];
    },
  };
}

const keycloakUser = z.object({
  email: z.string().optional().nullable(),
  username: z.string().optional().nullable(),
  firstName: z.string().optional().nullable(),
  lastName: z.string().optional().nullable(),
  enabled: z.boolean().optional(),
});
const keycloakPage = z.array(keycloakUser);

/** Users per page of the admin API (Keycloak's `first`/`max`), and a bound on pages (a directory of 50 000). */
export const DIRECTORY_PAGE_SIZE = 100;
const MAX_PAGES = 500;
const TIMEOUT_MS = 10_000;

/**
 * An external issuer's admin API, Keycloak style: `GET <url>/users?first=&max=` answering
 * `[{ email, firstName, lastName, enabled }]`, with a bearer token. Users without an email, and disabled ones, are
 * left out; the name is "first last", else the username, else the email.
 */
export function restDirectory(opts: { url: string; token: string | undefined; fetch?: typeof fetch }): UserDirectory {
  const unavailable = (reason: string) =>
    new AppError('directory.unavailable', `The user directory at ${opts.url} ${reason}`);
  return {
    source: 'external',
    async list(signal) {
      const out = new Map<string, DirectoryUser>();
      const seen = new Set<string>();
      for (let page = 0; page < MAX_PAGES; page++) {
        const url = `${opts.url}/users?first=${page * DIRECTORY_PAGE_SIZE}&max=${DIRECTORY_PAGE_SIZE}`;
        const req = { timeoutMs: TIMEOUT_MS, token: opts.token, unavailable, ...(signal ? { signal } : {}) };
        const res = await callOut(url, { ...req, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
        const users = await answerJson(res, keycloakPage, 'the user list', unavailable);
        let fresh = 0;
        for (const u of users) {
          const raw = JSON.stringify(u);
          if (seen.has(raw)) continue;
          seen.add(raw);
          fresh++;
          const email = u.email?.trim().toLowerCase();
          if (!email || u.enabled === false || !z.email().safeParse(email).success) continue;
          if (out.has(email)) continue;
          const name = [u.firstName, u.lastName]
            .filter((s) => s?.trim())
            .join(' ')
            .trim();
          out.set(email, { email, name: name || u.username?.trim() || email });
        }
        // A short page is the last; so is one with nothing new (a server that ignores first/max).
        if (users.length < DIRECTORY_PAGE_SIZE || fresh === 0) break;
      }
      return [...out.values()];
    },
  };
}

export function userDirectoryFor(config: Pick<Config, 'userDirectory' | 'seed'>, db: Db): UserDirectory {
  return config.userDirectory
    ? restDirectory(config.userDirectory)
    : builtinDirectory(db, { demo: config.seed === 'demo' });
}
