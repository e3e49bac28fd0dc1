import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { extensionPoint } from '../../platform/extensions.js';
import { ensureTemplate, type ApprovalTemplate } from './repo.js';

/** The approval flows of an app: each feature provides the templates it starts approvals from. */
export const approvalTemplates = extensionPoint<ApprovalTemplate>('approvals.templates', (t) => t.name);

/**
 * Creates every template the app's features provide that the database lacks; one already there is kept as it is
 * (its approvers may have been edited). Run when the app starts, and by the demo seed before it starts approvals.
 */
export async function ensureApprovalTemplates(ctx: Pick<AppContext, 'registry'>, db: Db): Promise<void> {
  for (const t of ctx.registry.all(approvalTemplates)) await ensureTemplate(db, t);
}
