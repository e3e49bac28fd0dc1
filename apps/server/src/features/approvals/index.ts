import { extensionPoint } from '../../platform/extensions.js';
import type { ApprovalTemplate } from './repo.js';

export type { ApprovalTemplate } from './repo.js';

/** The approval flows of an app: each feature provides the templates it starts approvals from. */
export const approvalTemplates = extensionPoint<ApprovalTemplate>('approvals.templates', (t) => t.name);
