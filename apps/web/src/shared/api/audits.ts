import type { AdminAuditListQuery, AuditListQuery } from '@portal/contract';

/**
 * The query keys of the audits area, under one root. They live here, not in the audits feature, because the audit
 * tabs of every detail page (shared/ui/AuditLogTab) read the trail too. Another area refreshes the trails after a
 * change that writes audit rows with `invalidateQueries({ queryKey: auditsKeys.all })`, importing `auditsKeys` from
 * the audits feature (`features/audits`), which re-exports it. Nothing here is imported at run time but the keys:
 * the manifests load with the first page, and with them this module.
 */
export const auditsKeys = {
  all: ['audits'] as const,
  trail: (query: AuditListQuery) => ['audits', 'trail', query] as const,
  adminList: (query: AdminAuditListQuery) => ['audits', 'admin', query] as const,
};
