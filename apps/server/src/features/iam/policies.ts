import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  createPolicyBody,
  IamPolicy,
  IamPolicyDetail,
  ListResult,
  policyListQuery,
  updatePolicyBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { invalidateAccess, type PolicyStatement } from '../../platform/access-control.js';
import { containsPattern, listPage, pageWindow } from '../../platform/list-query.js';
import { iamBindings, iamPolicies } from '../../platform/schema.js';
import { iso } from '../../platform/time.js';
import { bindingsWhere, keepAnAdminInCharge } from './shared.js';

type PolicyRow = typeof iamPolicies.$inferSelect;

async function policiesOut(db: Db, rows: PolicyRow[]): Promise<IamPolicy[]> {
  if (!rows.length) return [];
  const counts = await db
    .select({ target: iamBindings.target, n: count() })
    .from(iamBindings)
    .where(
      and(
        eq(iamBindings.kind, 'policy'),
        inArray(
          iamBindings.target,
          rows.map((r) => r.name),
        ),
      ),
    )
    .groupBy(iamBindings.target);
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    statements: r.statements as PolicyStatement[],
    bindings: counts.find((c) => c.target === r.name)?.n ?? 0,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }));
}

export async function listPolicies(db: Db, q: z.output<typeof policyListQuery>): Promise<ListResult<IamPolicy>> {
  const search = q.search?.trim();
  const where: SQL | undefined = search
    ? or(ilike(iamPolicies.name, containsPattern(search)), ilike(iamPolicies.description, containsPattern(search)))
    : undefined;
  const { limit, offset } = pageWindow(q);
  const by = q.sort.replace(/^-/, '');
  const field =
    by === 'created_at' ? iamPolicies.createdAt : by === 'updated_at' ? iamPolicies.updatedAt : iamPolicies.name;
  const dir = q.sort.startsWith('-') ? desc : asc;
  const page = await listPage<PolicyRow>(
    db.select().from(iamPolicies).where(where).orderBy(dir(field), asc(iamPolicies.name)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(iamPolicies)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: await policiesOut(db, page.items) };
}

async function policyRow(db: Db, name: string, lock = false): Promise<PolicyRow> {
  const query = db.select().from(iamPolicies).where(eq(iamPolicies.name, name)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('iam.policyNotFound', `No policy named ${name}`);
  return row;
}

export async function getPolicy(db: Db, name: string): Promise<IamPolicyDetail> {
  const row = await policyRow(db, name);
  const [[policy], binding_list] = await Promise.all([
    policiesOut(db, [row]),
    bindingsWhere(db, and(eq(iamBindings.kind, 'policy'), eq(iamBindings.target, name))),
  ]);
  return { ...policy!, binding_list };
}

export async function createPolicy(
  db: Db,
  operator: string,
  body: z.output<typeof createPolicyBody>,
): Promise<IamPolicyDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(iamPolicies)
      .values({ name: body.name, description: body.description, statements: body.statements, createdBy: operator })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('iam.policyExists', `A policy named ${body.name} already exists`);
    await writeAudit(tx, {
      type: 'iam_policy',
      instanceId: row.name,
      operator,
      operation: 'create_policy',
      details: { before: null, after: { description: row.description, statements: body.statements } },
    });
    // Bound to nobody yet: nothing changes who may do what.
    return getPolicy(tx, row.name);
  });
}

/** Changes the description and/or the statements; a bound policy's new statements apply at once. */
export async function updatePolicy(
  db: Db,
  operator: string,
  name: string,
  body: z.output<typeof updatePolicyBody>,
): Promise<IamPolicyDetail> {
  const out = await db.transaction(async (tx) => {
    const row = await policyRow(tx, name, true);
    const description = body.description ?? row.description;
    const statements = body.statements ?? (row.statements as PolicyStatement[]);
    const sameStatements = JSON.stringify(statements) === JSON.stringify(row.statements);
    if (description === row.description && sameStatements) return getPolicy(tx, name);
    await tx
      .update(iamPolicies)
      .set({ description, statements, updatedAt: new Date() })
      .where(eq(iamPolicies.name, name));
    if (!sameStatements) await keepAnAdminInCharge(tx);
    await writeAudit(tx, {
      type: 'iam_policy',
      instanceId: name,
      operator,
      operation: 'update_policy',
      details: {
        before: { description: row.description, statements: row.statements },
        after: { description, statements },
      },
    });
    return getPolicy(tx, name);
  });
  invalidateAccess();
  return out;
}

/** Refused while the policy is bound to anyone: remove its bindings first (nothing changes access silently). */
export async function deletePolicy(db: Db, operator: string, name: string): Promise<{ name: string }> {
  await db.transaction(async (tx) => {
    const row = await policyRow(tx, name, true);
    const [bound] = await tx
      .select({ n: count() })
      .from(iamBindings)
      .where(and(eq(iamBindings.kind, 'policy'), eq(iamBindings.target, name)));
    if ((bound?.n ?? 0) > 0)
      throw new AppError(
        'iam.policyInUse',
        `The policy ${name} is still bound to ${bound!.n} subject(s); remove its bindings first`,
      );
    await tx.delete(iamPolicies).where(eq(iamPolicies.name, name));
    await writeAudit(tx, {
      type: 'iam_policy',
      instanceId: name,
      operator,
      operation: 'delete_policy',
      details: { before: { description: row.description, statements: row.statements }, after: null },
    });
  });
  invalidateAccess();
  return { name };
}
