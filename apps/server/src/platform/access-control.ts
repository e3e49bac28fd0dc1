import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { ADMIN_ROLE, BUILTIN_ROLES, PRIVILEGES, type Privilege } from '@portal/contract';
import type { Db } from './db.js';
import { AppError } from './errors.js';
import {
  iamApiKeys,
  iamBindings,
  iamGroupMembers,
  iamPolicies,
  privilegeGrants,
  rbacRolePrivileges,
  rbacRoles,
} from './schema.js';

/*
 * Access control as data: what a caller may do is computed from the database — the roles they hold (their own,
 * and those bound to them, their groups or their API key), their unexpired privilege grants, and the IAM policies
 * bound to them — never from a role's name. The result is cached per subject and dropped on any change
 * (`invalidateAccess`, called by every service that changes roles, grants, groups, keys, policies or bindings) and
 * after ACCESS_CACHE_MS, so another server process sees a change within that time; a grant's expiry ends the entry
 * at that instant, so an expired grant is never used.
 */

export const ACCESS_CACHE_MS = 5_000;

/** One IAM policy statement, as stored (validated by the contract on the way in). */
export interface PolicyStatement {
  effect: 'Allow' | 'Deny';
  /** Privilege names; `*` matches any run of characters (`billing.*`, `*.read`, `*`). */
  actions: string[];
  /** API paths (`/api/v1/admin/orgs/*`); `*` matches any run of characters. */
  resources: string[];
}

interface CompiledStatement {
  allow: boolean;
  actions: RegExp[];
  resources: RegExp[];
  /** Whether it applies to every resource (then it shows in the profile's privileges). */
  everywhere: boolean;
}

/** What a subject may do: the privileges of its roles and grants, and the policy statements bound to it. */
export interface AccessGrant {
  /** The roles it holds, own and bound (sorted). */
  roles: string[];
  /** From roles and active grants. */
  granted: ReadonlySet<Privilege>;
  statements: readonly CompiledStatement[];
}

export interface Subject {
  /** A user's email, or undefined for an API key. */
  email?: string;
  /** The user's own roles (portal_users.roles) or the key's role. */
  roles: readonly string[];
  /** The API key's name, for a key. */
  apiKey?: string;
}

const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

function compile(statements: readonly PolicyStatement[]): CompiledStatement[] {
  return statements.map((s) => ({
    allow: s.effect === 'Allow',
    actions: s.actions.map(glob),
    resources: s.resources.map(glob),
    everywhere: s.resources.includes('*'),
  }));
}

const matchesAny = (res: readonly RegExp[], value: string) => res.some((r) => r.test(value));

/**
 * Whether the grant allows `privilege` on `path`: an explicit Deny of a matching statement wins; otherwise a role,
 * an active grant or a matching Allow statement allows it.
 */
export function accessAllows(grant: AccessGrant, privilege: string, path: string): boolean {
  let allowed = grant.granted.has(privilege as Privilege);
  for (const s of grant.statements) {
    if (!matchesAny(s.actions, privilege) || !matchesAny(s.resources, path)) continue;
    if (!s.allow) return false;
    allowed = true;
  }
  return allowed;
}

const effective = new WeakMap<AccessGrant, ReadonlySet<Privilege>>();

/** The privileges a grant gives everywhere (roles, grants, Allow on `*`, less Deny on `*`), in catalogue order. */
export function effectivePrivileges(grant: AccessGrant): ReadonlySet<Privilege> {
  const known = effective.get(grant);
  if (known) return known;
  const out = PRIVILEGES.filter((p) => {
    let on = grant.granted.has(p);
    for (const s of grant.statements) {
      if (!s.everywhere || !matchesAny(s.actions, p)) continue;
      if (!s.allow) return false;
      on = true;
    }
    return on;
  });
  const set = new Set(out);
  effective.set(grant, set);
  return set;
}

let version = 0;
const cache = new Map<string, { version: number; until: number; grant: AccessGrant }>();

/** Drops every cached access decision (after a change to roles, grants, groups, keys, policies or bindings). */
export function invalidateAccess(): void {
  version++;
  cache.clear();
}

/** Role name → privileges, for every role (a small table, read whole). */
async function rolePrivileges(db: Db, names: readonly string[]): Promise<Map<string, Privilege[]>> {
  const out = new Map<string, Privilege[]>();
  if (!names.length) return out;
  const rows = await db
    .select({ name: rbacRoles.name, privilege: rbacRolePrivileges.privilege })
    .from(rbacRoles)
    .innerJoin(rbacRolePrivileges, eq(rbacRolePrivileges.roleId, rbacRoles.id))
    .where(inArray(rbacRoles.name, [...names]));
  for (const r of rows) {
    const list = out.get(r.name) ?? [];
    list.push(r.privilege as Privilege);
    out.set(r.name, list);
  }
  return out;
}

async function load(db: Db, subject: Subject, now: Date): Promise<{ grant: AccessGrant; until: number }> {
  const subjects: { type: string; name: string }[] = [];
  if (subject.email) {
    subjects.push({ type: 'user', name: subject.email });
    const groups = (
      await db
        .select({ g: iamGroupMembers.groupName })
        .from(iamGroupMembers)
        .where(eq(iamGroupMembers.userEmail, subject.email))
    ).map((r) => r.g);
    for (const g of groups) subjects.push({ type: 'group', name: g });
  }
  if (subject.apiKey) subjects.push({ type: 'apikey', name: subject.apiKey });

  const bindings = subjects.length
    ? await db
        .select({ kind: iamBindings.kind, target: iamBindings.target })
        .from(iamBindings)
        .where(or(...subjects.map((s) => and(eq(iamBindings.subjectType, s.type), eq(iamBindings.subject, s.name)))))
    : [];
  const roles = [...new Set([...subject.roles, ...bindings.filter((b) => b.kind === 'role').map((b) => b.target)])];
  roles.sort();
  const byRole = await rolePrivileges(db, roles);
  const granted = new Set<Privilege>();
  for (const r of roles) for (const p of byRole.get(r) ?? []) granted.add(p);

  let until = now.getTime() + ACCESS_CACHE_MS;
  if (subject.email) {
    const grants = await db
      .select({ privilege: privilegeGrants.privilege, expiresAt: privilegeGrants.expiresAt })
      .from(privilegeGrants)
      .where(
        and(
          eq(privilegeGrants.userEmail, subject.email),
          eq(privilegeGrants.status, 'active'),
          gt(privilegeGrants.expiresAt, now),
        ),
      );
    for (const g of grants) {
      granted.add(g.privilege as Privilege);
      until = Math.min(until, g.expiresAt.getTime());
    }
  }

  const policyNames = bindings.filter((b) => b.kind === 'policy').map((b) => b.target);
  const policies = policyNames.length
    ? await db
        .select({ statements: iamPolicies.statements })
        .from(iamPolicies)
        .where(inArray(iamPolicies.name, policyNames))
    : [];
  const statements = compile(policies.flatMap((p) => p.statements as PolicyStatement[]));
  return { grant: { roles, granted, statements }, until };
}

/**
 * What the subject may do according to `db` as it is now, bypassing the cache: for a check inside a transaction that
 * has not committed yet (IAM's guard that a change leaves an admin able to manage IAM and users).
 */
export async function accessOfUncached(db: Db, subject: Subject): Promise<AccessGrant> {
  return (await load(db, subject, new Date())).grant;
}

/** What the subject may do now; cached (see above). */
export async function accessOf(db: Db, subject: Subject): Promise<AccessGrant> {
  const key = `${subject.apiKey ? `k:${subject.apiKey}` : `u:${subject.email ?? ''}`}|${[...subject.roles].sort().join(',')}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.version === version && hit.until > now) return hit.grant;
  const seen = version;
  const { grant, until } = await load(db, subject, new Date(now));
  if (seen === version) {
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { version: seen, until, grant });
  }
  return grant;
}

// ---- API keys -----------------------------------------------------------------------------------------------------

/** The secret of an API key starts with this, so the auth hook tells it from an id token without a lookup. */
export const API_KEY_PREFIX = 'mpk_';

export const hashApiKey = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

/** A new secret: the prefix and 32 random bytes, base64url. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
}

/** The key a secret belongs to, if it is unrevoked and unexpired; stamps its last use (at most once a minute). */
export async function apiKeyOf(db: Db, secret: string): Promise<{ name: string; role: string } | undefined> {
  const now = new Date();
  const [key] = await db
    .select({ name: iamApiKeys.name, role: iamApiKeys.role, lastUsedAt: iamApiKeys.lastUsedAt })
    .from(iamApiKeys)
    .where(
      and(
        eq(iamApiKeys.secretHash, hashApiKey(secret)),
        isNull(iamApiKeys.revokedAt),
        or(isNull(iamApiKeys.expiresAt), gt(iamApiKeys.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!key) return undefined;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > 60_000)
    await db.update(iamApiKeys).set({ lastUsedAt: now }).where(eq(iamApiKeys.name, key.name));
  return { name: key.name, role: key.role };
}

// ---- the built-in roles -------------------------------------------------------------------------------------------

/**
 * Makes sure the built-in roles exist (with their seeded privileges when created) and that `admin` grants every
 * privilege of this release's catalogue. Idempotent; runs at every start (seedReferenceData).
 */
export async function ensureBuiltinRoles(db: Db): Promise<void> {
  for (const [name, def] of Object.entries(BUILTIN_ROLES)) {
    const [created] = await db
      .insert(rbacRoles)
      .values({ name, description: def.description, builtin: true })
      .onConflictDoNothing()
      .returning({ id: rbacRoles.id });
    if (created)
      await db
        .insert(rbacRolePrivileges)
        .values(def.privileges.map((privilege) => ({ roleId: created.id, privilege })))
        .onConflictDoNothing();
  }
  await db.execute(sql`
    insert into rbac_role_privileges (role_id, privilege)
    select r.id, p from rbac_roles r, unnest(${`{${PRIVILEGES.join(',')}}`}::text[]) as p
    where r.name = ${ADMIN_ROLE}
    on conflict do nothing`);
  await db.execute(
    sql`delete from rbac_role_privileges where privilege <> all(${`{${PRIVILEGES.join(',')}}`}::text[])`,
  );
  invalidateAccess();
}

// ---- no escalation -----------------------------------------------------------------------------------------------

/**
 * No escalation (Kubernetes RBAC's rule): a role can only be given privileges its editor holds, so editing roles
 * cannot widen anyone beyond the editor — the editor included.
 */
export function refuseEscalation(actor: { privileges: ReadonlySet<string> }, privileges: readonly string[]): void {
  const missing = privileges.filter((p) => !actor.privileges.has(p));
  if (missing.length)
    throw new AppError('rbac.escalation', `You cannot grant privileges you do not hold: ${missing.join(', ')}`, {
      privileges: missing,
    });
}

/**
 * Every privilege that binding these roles and policies would give (roles' privileges; the catalogue privileges an
 * Allow statement's actions match), for the no-escalation check of role and policy bindings and group members.
 */
export async function privilegesGrantedBy(
  db: Db,
  what: { roles?: readonly string[]; policies?: readonly string[] },
): Promise<string[]> {
  const out = new Set<string>();
  const byRole = await rolePrivileges(db, what.roles ?? []);
  for (const ps of byRole.values()) for (const p of ps) out.add(p);
  if (what.policies?.length) {
    const rows = await db
      .select({ statements: iamPolicies.statements })
      .from(iamPolicies)
      .where(inArray(iamPolicies.name, [...what.policies]));
    for (const s of compile(rows.flatMap((r) => r.statements as PolicyStatement[])))
      if (s.allow) for (const p of PRIVILEGES) if (matchesAny(s.actions, p)) out.add(p);
  }
  return [...out];
}
