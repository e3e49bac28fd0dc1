import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditRoutes } from '@portal/contract';
import type { AuditLog, AuditType, ListResult } from '@portal/contract';
import { http } from '../../shared/lib/http';

/** The params of GET /api/v1/admin/audits (contract `adminAuditListQuery`); from/to are UTC dates, both inclusive. */
export type AdminAuditParams = {
  page: number;
  per_page: number;
  sort?: string;
  type?: AuditType;
  instance_id?: string;
  operator?: string;
  from?: string;
  to?: string;
};

export const auditKeys = {
  adminList: (params: AdminAuditParams) => ['audit', 'admin', params] as const,
};

/** Every audit row, newest first (admins only). */
export function useAdminAuditLogs(params: AdminAuditParams) {
  return useQuery({
    queryKey: auditKeys.adminList(params),
    queryFn: ({ signal }) => http.get<ListResult<AuditLog>>(auditRoutes.adminList, { params, signal }),
    placeholderData: keepPreviousData,
  });
}
