import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditsApi } from '@portal/contract';
import type { AdminAuditListQuery } from '@portal/contract';
import { auditsKeys } from '../../shared/api/audits';
import { api } from '../../shared/lib/api';

/** The area's one key factory; kept in shared/api/audits.ts, whose trail query the audit tabs share. */
export { auditsKeys };

/** Every audit row, newest first (admins only); from/to are UTC dates, both inclusive. */
export function useAdminAuditLogs(query: AdminAuditListQuery) {
  return useQuery({
    queryKey: auditsKeys.adminList(query),
    queryFn: ({ signal }) => api(auditsApi.adminList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
