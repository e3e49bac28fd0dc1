import crypto from 'node:crypto';
import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { JumpserverUser, ListResult } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { answerJson, callOut } from '../../platform/outbound.js';
import { containsPattern, pageWindow } from '../../platform/list-query.js';
import { jumpGrants, jumpUsers } from './schema.js';

/*
 * The jump server: where jumpserver users live and where access to a cluster's hosts is granted and revoked. An
 * external system, so an interface with two implementations: the embedded one (tables `jump_users` and `jump_grants`
 * in the portal's database: what the demo and the tests use) and a real jump server over REST, chosen by
 * JUMPSERVER_URL (README, configuration).
 */

export interface JumpUserQuery {
  search?: string | undefined;
  isActive?: boolean | undefined;
  page: number;
  per_page: number;
}

export interface GrantRequest {
  username: string;
  hosts: string[];
  until: Date;
  /** What asks for it (`jump-authorization-<id>`): granting again for the same reference returns the same grant. */
  reference: string;
  reason: string;
}

export interface JumpServer {
  /** For logs and audit rows: `embedded` or `rest`. */
  readonly name: string;
  /** The jump server's users, by username; a page of them. */
  listUsers(db: Db, q: JumpUserQuery): Promise<ListResult<JumpserverUser>>;
  /** One user by username (exact), or null. */
  findUser(db: Db, username: string): Promise<JumpserverUser | null>;
  /** Lets `username` reach `hosts` until `until`; returns the grant's id. */
  grant(db: Db, req: GrantRequest): Promise<{ grantId: string }>;
  /** Ends a grant now. Revoking a grant that is gone already (or revoked) is not an error. */
  revoke(db: Db, grantId: string): Promise<void>;
}

// ---------------------------------------------------------------- embedded

const toUser = (r: typeof jumpUsers.$inferSelect): JumpserverUser => ({
  id: r.id,
  username: r.username,
  name: r.name,
  email: r.email,
  is_active: r.isActive,
});

/** The text the user search matches: the trigram index's expression (schema.ts). */
const searchText = sql`(${jumpUsers.username} || ' ' || ${jumpUsers.name} || ' ' || ${jumpUsers.email})`;

/** The embedded jump server: users and grants in the portal's own database, in the caller's transaction. */
export const embeddedJumpServer: JumpServer = {
  name: 'embedded',
  async listUsers(db, q) {
    const where: SQL[] = [];
    if (q.search) where.push(ilike(searchText, containsPattern(q.search)));
    if (q.isActive !== undefined) where.push(eq(jumpUsers.isActive, q.isActive));
    const cond = where.length ? and(...where) : undefined;
    const { limit, offset } = pageWindow(q);
    const [rows, [total]] = await Promise.all([
      db.select().from(jumpUsers).where(cond).orderBy(asc(jumpUsers.username)).limit(limit).offset(offset),
      db.select({ n: count() }).from(jumpUsers).where(cond),
    ]);
    return { items: rows.map(toUser), total: total?.n ?? 0 };
  },
  async findUser(db, username) {
    const [row] = await db.select().from(jumpUsers).where(eq(jumpUsers.username, username)).limit(1);
    return row ? toUser(row) : null;
  },
  async grant(db, req) {
    const [existing] = await db
      .select({ id: jumpGrants.id })
      .from(jumpGrants)
      .where(eq(jumpGrants.reference, req.reference))
      .limit(1);
    if (existing) return { grantId: existing.id };
    const id = `grant-${crypto.createHash('sha256').update(req.reference).digest('hex').slice(0, 12)}`;
    await db.insert(jumpGrants).values({
      id,
      username: req.username,
      hosts: req.hosts,
      until: req.until,
      reference: req.reference,
    });
    return { grantId: id };
  },
  async revoke(db, grantId) {
    await db
      .update(jumpGrants)
      .set({ revokedAt: new Date() })
      .where(and(eq(jumpGrants.id, grantId), isNull(jumpGrants.revokedAt)));
  },
};

// ---------------------------------------------------------------- REST

/** A user as the jump server answers it. */
const restUser = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  username: z.string(),
  name: z.string().default(''),
  email: z.string().default(''),
  is_active: z.boolean(),
});
const restUserPage = z.object({ count: z.number().int().min(0), results: z.array(restUser) });
const restGrant = z.object({ id: z.union([z.string(), z.number()]).transform(String) });

export interface RestJumpServerOptions {
  /** The jump server's API root, e.g. `https://jump.example.com/api/v1`. */
  url: string;
  token: string | undefined;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A jump server over REST (README, configuration: JUMPSERVER_URL):
 * `GET {url}/users?search=&is_active=&limit=&offset=` →
 * `{ count, results: [{ id, username, name, email, is_active }] }`;
 * `GET {url}/users/{username}` → one user, 404 when unknown;
 * `POST {url}/grants` `{ username, hosts, until, reference, reason }` → `{ id }` (the same `reference` again must
 * answer the same grant);
 * `DELETE {url}/grants/{id}` → 2xx, or 404 when it is gone already.
 * Every call sends `Authorization: Bearer $JUMPSERVER_TOKEN` when a token is configured.
 */
export function restJumpServer(opts: RestJumpServerOptions): JumpServer {
  const unavailable = (why: string) => new AppError('jump.serverUnavailable', `The jump server ${why}`);
  const call = (method: string, path: string, body?: unknown): Promise<Response> =>
    callOut(`${opts.url}${path}`, {
      method,
      json: body,
      token: opts.token,
      timeoutMs: opts.timeoutMs ?? 10_000,
      fetch: opts.fetch,
      unavailable,
    });
  const parsed = <T extends z.ZodType>(res: Response, schema: T, what: string) =>
    answerJson(res, schema, what, unavailable);
  return {
    name: 'rest',
    async listUsers(_db, q) {
      const { limit, offset } = pageWindow(q);
      const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      if (q.search) params.set('search', q.search);
      if (q.isActive !== undefined) params.set('is_active', String(q.isActive));
      const page = await parsed(await call('GET', `/users?${params}`), restUserPage, 'the user list');
      return { items: page.results, total: page.count };
    },
    async findUser(_db, username) {
      const res = await call('GET', `/users/${encodeURIComponent(username)}`);
      if (res.status === 404) return null;
      return parsed(res, restUser, 'a user look-up');
    },
    async grant(_db, req) {
      const res = await call('POST', '/grants', {
        username: req.username,
        hosts: req.hosts,
        until: req.until.toISOString(),
        reference: req.reference,
        reason: req.reason,
      });
      return { grantId: (await parsed(res, restGrant, 'a grant')).id };
    },
    async revoke(_db, grantId) {
      const res = await call('DELETE', `/grants/${encodeURIComponent(grantId)}`);
      if (res.status === 404 || res.ok) return;
      throw unavailable(`answered ${res.status} to a revoke`);
    },
  };
}

/** The jump server an app uses: the REST one when JUMPSERVER_URL is set, else the embedded one. */
export function jumpServerFor(config: Pick<Config, 'jumpServer'>): JumpServer {
  return config.jumpServer ? restJumpServer(config.jumpServer) : embeddedJumpServer;
}
