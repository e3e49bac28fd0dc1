import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { IAM_MESSAGES } from '@portal/contract';
import type {
  apiKeyListQuery,
  createApiKeyBody,
  CreatedIamApiKey,
  IamApiKey,
  IamApiKeyDetail,
  IamApiKeyStatus,
  ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import {
  hashApiKey,
  invalidateAccess,
  newApiKeySecret,
  privilegesGrantedBy,
  refuseEscalation,
} from '../../platform/access-control.js';
import type { Principal } from '../../platform/auth.js';
import { containsPattern, listPage, pageWindow } from '../../platform/list-query.js';
import { iamApiKeys, iamBindings, rbacRoles } from '../../platform/schema.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { bindingsWhere } from './shared.js';

type KeyRow = typeof iamApiKeys.$inferSelect;

/** How many characters of the secret identify it in lists (the `mpk_` prefix and 8 more). */
export const API_KEY_PREFIX_LENGTH = 12;

export function keyStatus(k: Pick<KeyRow, 'revokedAt' | 'expiresAt'>, now = Date.now()): IamApiKeyStatus {
  if (k.revokedAt) return 'revoked';
  if (k.expiresAt && k.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

/** Never the secret nor its hash. */
const keyOut = (k: KeyRow): IamApiKey => ({
  name: k.name,
  description: k.description,
  role: k.role,
  prefix: k.prefix,
  status: keyStatus(k),
  created_by: k.createdBy,
  created_at: iso(k.createdAt),
  expires_at: isoOrNull(k.expiresAt),
  last_used_at: isoOrNull(k.lastUsedAt),
  revoked_at: isoOrNull(k.revokedAt),
  revoked_by: k.revokedBy,
});

function statusWhere(status: IamApiKeyStatus, now: Date): SQL | undefined {
  if (status === 'revoked') return isNotNull(iamApiKeys.revokedAt);
  if (status === 'expired') return and(isNull(iamApiKeys.revokedAt), lte(iamApiKeys.expiresAt, now));
  return and(isNull(iamApiKeys.revokedAt), or(isNull(iamApiKeys.expiresAt), gt(iamApiKeys.expiresAt, now)));
}

export async function listKeys(db: Db, q: z.output<typeof apiKeyListQuery>): Promise<ListResult<IamApiKey>> {
  const conds: SQL[] = [];
  const search = q.search?.trim();
  if (search)
    conds.push(
      or(ilike(iamApiKeys.name, containsPattern(search)), ilike(iamApiKeys.description, containsPattern(search)))!,
    );
  if (q.status) conds.push(statusWhere(q.status, new Date())!);
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  const field = q.sort.replace(/^-/, '') === 'created_at' ? iamApiKeys.createdAt : iamApiKeys.name;
  const dir = q.sort.startsWith('-') ? desc : asc;
  const page = await listPage<KeyRow>(
    db.select().from(iamApiKeys).where(where).orderBy(dir(field), asc(iamApiKeys.name)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(iamApiKeys)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: page.items.map(keyOut) };
}

async function keyRow(db: Db, name: string, lock = false): Promise<KeyRow> {
  const query = db.select().from(iamApiKeys).where(eq(iamApiKeys.name, name)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('iam.apiKeyNotFound', `No API key named ${name}`);
  return row;
}

export async function getKey(db: Db, name: string): Promise<IamApiKeyDetail> {
  const row = await keyRow(db, name);
  const bindings = await bindingsWhere(
    db,
    and(eq(iamBindings.subjectType, 'apikey'), eq(iamBindings.subject, row.name)),
  );
  return { ...keyOut(row), bindings };
}

/**
 * A new key scoped by a role of /rbac. Only the SHA-256 of its secret is stored; the secret is in this answer and
 * nowhere else (not in the audit row either).
 */
export async function createKey(
  db: Db,
  actor: Principal,
  body: z.output<typeof createApiKeyBody>,
): Promise<CreatedIamApiKey> {
  const operator = actor.email;
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now())
    throw new AppError('request.invalid', `body.expires_at: ${IAM_MESSAGES.expiresInFuture}`, [
      { field: 'body.expires_at', message: IAM_MESSAGES.expiresInFuture },
    ]);
  const secret = newApiKeySecret();
  return db.transaction(async (tx) => {
    const [role] = await tx.select({ id: rbacRoles.id }).from(rbacRoles).where(eq(rbacRoles.name, body.role)).limit(1);
    if (!role) throw new AppError('rbac.unknownRole', `No role named ${body.role}: the roles are those of /rbac`);
    // A key acts with its role's privileges: nobody issues one that can do more than they can.
    refuseEscalation(actor, await privilegesGrantedBy(tx, { roles: [body.role] }));
    const [row] = await tx
      .insert(iamApiKeys)
      .values({
        name: body.name,
        description: body.description,
        role: body.role,
        prefix: secret.slice(0, API_KEY_PREFIX_LENGTH),
        secretHash: hashApiKey(secret),
        createdBy: operator,
        expiresAt,
      })
      .onConflictDoNothing({ target: iamApiKeys.name })
      .returning();
    if (!row) throw new AppError('iam.apiKeyExists', `An API key named ${body.name} already exists`);
    const out = keyOut(row);
    await writeAudit(tx, {
      type: 'iam_api_key',
      instanceId: row.name,
      operator,
      operation: 'create_api_key',
      details: {
        before: null,
        after: { role: out.role, prefix: out.prefix, description: out.description, expires_at: out.expires_at },
      },
    });
    return { ...out, secret };
  });
}

/** Revokes a key: it stops working at once (the cache is dropped); its row, bindings and audit trail stay. */
export async function revokeKey(db: Db, operator: string, name: string): Promise<IamApiKeyDetail> {
  const out = await db.transaction(async (tx) => {
    const row = await keyRow(tx, name, true);
    if (row.revokedAt)
      throw new AppError('iam.apiKeyRevoked', `The API key ${name} was already revoked on ${iso(row.revokedAt)}`);
    const now = new Date();
    await tx.update(iamApiKeys).set({ revokedAt: now, revokedBy: operator }).where(eq(iamApiKeys.name, name));
    await writeAudit(tx, {
      type: 'iam_api_key',
      instanceId: name,
      operator,
      operation: 'revoke_api_key',
      details: { before: { status: keyStatus(row) }, after: { status: 'revoked' }, prefix: row.prefix },
    });
    return getKey(tx, name);
  });
  invalidateAccess();
  return out;
}
