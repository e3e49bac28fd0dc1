import type { FeatureManifest } from '../../shared/lib/feature';
import { ticketPath } from './paths';

export { remediationKeys } from './keys';

/**
 * Remediation tickets (issue 13; spec §2 /remediation_tickets, /remediation_tickets/{ticket_id}; §4 submit, approve,
 * reject, cancel): a remediation from the contract's catalogue proposed for a cluster, approved through the approvals
 * engine, then run as an operation. Loads with the shell: data and lazy imports only.
 */
export const remediationFeature: FeatureManifest = {
  key: 'remediation',
  requires: 'remediation.read',
  routes: [
    {
      path: '/remediation_tickets',
      title: 'Remediation Tickets',
      page: () => import('./pages/TicketListPage').then((m) => m.TicketListPage),
    },
    {
      path: '/remediation_tickets/:ticketId',
      page: () => import('./pages/TicketDetailPage').then((m) => m.TicketDetailPage),
    },
  ],
  menu: {
    section: 'eventCenter',
    key: 'remediation_tickets',
    label: 'Remediation Tickets',
    path: '/remediation_tickets',
    order: 2,
  },
  // The operation of an approved ticket (`remediation.run`) targets the ticket.
  objectLinks: [{ kind: 'remediation_ticket', path: ticketPath }],
  auditLinks: [{ type: 'remediation_ticket', path: ticketPath }],
  // The contract's REMEDIATION_STATUS_COLORS where they agree with other areas' words; the ticket pages colour their
  // own tags from the contract (APPROVED is cyan there, green for an approval elsewhere).
  statusColors: {
    DRAFT: 'default',
    APPROVING: 'orange',
    RUNNING: 'processing',
    SUCCEEDED: 'success',
    FAILED: 'error',
    REJECTED: 'error',
    CANCELLED: 'default',
  },
};
