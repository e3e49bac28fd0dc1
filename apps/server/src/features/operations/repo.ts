import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { operationListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder } from '../../platform/list-query.js';
import { operations, operationSteps } from './schema.js';

export type OperationRow = typeof operations.$inferSelect;
export type StepRow = typeof operationSteps.$inferSelect;

export async function insertOperation(
  db: Db,
  op: typeof operations.$inferInsert,
  steps: Omit<typeof operationSteps.$inferInsert, 'operationId'>[],
): Promise<number> {
  const [row] = await db.insert(operations).values(op).returning({ id: operations.id });
  const id = row!.id;
  if (steps.length) await db.insert(operationSteps).values(steps.map((s) => ({ ...s, operationId: id })));
  return id;
}

export async function findOperation(db: Db, id: number, forUpdate = false): Promise<OperationRow | undefined> {
  const q = db.select().from(operations).where(eq(operations.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findSteps(db: Db, id: number): Promise<StepRow[]> {
  return db.select().from(operationSteps).where(eq(operationSteps.operationId, id)).orderBy(asc(operationSteps.seq));
}

export async function updateOperation(
  db: Db,
  id: number,
  patch: Partial<typeof operations.$inferInsert>,
): Promise<void> {
  await db.update(operations).set(patch).where(eq(operations.id, id));
}

export async function updateStep(
  db: Db,
  id: number,
  seq: number,
  patch: Partial<typeof operationSteps.$inferInsert>,
): Promise<void> {
  await db
    .update(operationSteps)
    .set(patch)
    .where(and(eq(operationSteps.operationId, id), eq(operationSteps.seq, seq)));
}

export interface OperationFilter {
  status?: string[] | undefined;
  type?: string | undefined;
  targetId?: string | undefined;
  search?: string | undefined;
}

function where(f: OperationFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.status?.length) c.push(inArray(operations.status, f.status));
  if (f.type) c.push(eq(operations.type, f.type));
  if (f.targetId) c.push(eq(operations.targetId, f.targetId));
  if (f.search) {
    const s = containsPattern(f.search);
    const byId = /^\d{1,15}$/.test(f.search) ? [eq(operations.id, Number(f.search))] : [];
    c.push(or(ilike(operations.title, s), eq(operations.targetId, f.search), ...byId)!);
  }
  return c.length ? and(...c) : undefined;
}

export async function listOperations(
  db: Db,
  f: OperationFilter,
  page: { limit: number; offset: number; sort: z.output<typeof operationListQuery>['sort'] },
) {
  const w = where(f);
  const rows = await db
    .select()
    .from(operations)
    .where(w)
    .orderBy(...listOrder(page.sort, { created_at: operations.createdAt }, operations.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((r) => r.id);
  const progress = ids.length
    ? await db
        .select({ id: operationSteps.operationId, status: operationSteps.status, n: count() })
        .from(operationSteps)
        .where(inArray(operationSteps.operationId, ids))
        .groupBy(operationSteps.operationId, operationSteps.status)
    : [];
  const [total] = await db.select({ n: count() }).from(operations).where(w);
  return { rows, progress, total: total?.n ?? 0 };
}
