import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { oidcPayloads } from '../platform/schema.js';
import { findUnsafeText, isUnsafeText, UNSAFE_TEXT } from '../platform/request-hygiene.js';
import { loadOidcProvider } from './oidc-provider.js';

/**
 * oidc-provider's storage over the `oidc_payloads` table, so every server process sharing the database sees the
 * same sessions, interactions, grants and tokens. Rows past `expires_at` are treated as absent and swept by
 * {@link sweepExpired}.
 *
 * oidc-provider reads its own form posts (the request hook never sees those bodies), so text PostgreSQL cannot take
 * (request-hygiene.ts) is handled here: an id containing it names nothing, a payload carrying it is an invalid request.
 */
class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    if (findUnsafeText(payload, 'payload')) {
      throw new (await loadOidcProvider()).errors.InvalidRequest(`a parameter ${UNSAFE_TEXT}`);
    }
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      model: this.model,
      id,
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcPayloads)
      .values(row)
      .onConflictDoUpdate({
        target: [oidcPayloads.model, oidcPayloads.id],
        set: { payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt },
      });
  }

  private async findWhere(where: SQL, key: string): Promise<AdapterPayload | undefined> {
    if (isUnsafeText(key)) return undefined;
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, this.model),
          where,
          or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id), id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid), uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode), userCode);
  }

  async consume(id: string): Promise<void> {
    if (isUnsafeText(id)) return;
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    if (isUnsafeText(id)) return;
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (isUnsafeText(grantId)) return;
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
  }
}

export function dbAdapterFactory(db: Db): AdapterFactory {
  return (model) => new DbAdapter(db, model);
}

/** Deletes rows that expired; any process may run it, it is idempotent. */
export async function sweepExpired(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lte(oidcPayloads.expiresAt, sql`now()`));
}
