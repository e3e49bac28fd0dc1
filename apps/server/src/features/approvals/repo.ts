import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { approvals, approvalTemplates } from './schema.js';

export type ApprovalRow = typeof approvals.$inferSelect;
export interface StoredTask {
  user_email: string;
  status: string;
  start_at: string | null;
  end_at: string | null;
  comment: string | null;
}
export interface StoredNode {
  name: string;
  status: string;
  tasks: StoredTask[];
}
export interface TemplateNode {
  name: string;
  approvers: string[];
}
/** An approval flow a feature starts approvals from (spec §3 Approval, from_template); its approvers are editable. */
export interface ApprovalTemplate {
  name: string;
  title: string;
  /** The nodes a fresh database starts with; an edited template in the database is kept as it is. */
  nodes: TemplateNode[];
}

export async function findTemplate(db: Db, name: string) {
  const [row] = await db.select().from(approvalTemplates).where(eq(approvalTemplates.name, name)).limit(1);
  return row ? { ...row, nodes: row.nodes as TemplateNode[] } : undefined;
}

/** Creates a template unless one of that name exists (an existing one may have been edited: keep it). */
export async function ensureTemplate(db: Db, t: { name: string; title: string; nodes: TemplateNode[] }): Promise<void> {
  await db.insert(approvalTemplates).values(t).onConflictDoNothing({ target: approvalTemplates.name });
}

export async function insertApproval(db: Db, row: typeof approvals.$inferInsert): Promise<number> {
  const [r] = await db.insert(approvals).values(row).returning({ id: approvals.id });
  return r!.id;
}

export async function findApproval(db: Db, id: number, forUpdate = false): Promise<ApprovalRow | undefined> {
  const q = db.select().from(approvals).where(eq(approvals.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function saveApproval(
  db: Db,
  id: number,
  patch: { status: string; nodes: StoredNode[]; endAt: Date | null },
): Promise<void> {
  await db
    .update(approvals)
    .set({ status: patch.status, nodes: patch.nodes, endAt: patch.endAt, version: sql`${approvals.version} + 1` })
    .where(eq(approvals.id, id));
}
