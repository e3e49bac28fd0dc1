import { z } from 'zod';
import { AUDIT_TYPES } from './constants.js';
import { listQuery, listResult } from './list.js';

export const auditLogSchema = z.object({
  id: z.string(),
  type: z.string(),
  instance_id: z.string(),
  operator: z.string(),
  operation: z.string(),
  operate_at: z.string(),
  details: z.unknown(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditListQuery = listQuery(
  {
    type: z.enum(AUDIT_TYPES).optional(),
    instance_id: z.string().optional(),
    operator: z.string().optional(),
  },
  ['operate_at'] as const,
);
export const auditList = listResult(auditLogSchema);

export const auditRoutes = { list: '/api/v1/devops/audit' } as const;
