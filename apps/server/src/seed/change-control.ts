import type { Db } from '../platform/db.js';
import { ensureTemplate } from '../features/approvals/repo.js';

/** The approval flows the platform starts from (spec §3 Approval, from_template). */
export const APPROVAL_TEMPLATES = [
  {
    name: 'cluster_config_change',
    title: 'Cluster configuration change',
    nodes: [{ name: 'DBA review', approvers: ['admin@example.com'] }],
  },
] as const;

export async function seedChangeControl(tx: Db): Promise<void> {
  for (const t of APPROVAL_TEMPLATES) {
    await ensureTemplate(tx, {
      name: t.name,
      title: t.title,
      nodes: t.nodes.map((n) => ({ name: n.name, approvers: [...n.approvers] })),
    });
  }
}
