import { lazyDialog } from '../../shared/ui/lazyDialog';

/**
 * The ticket form for other areas' pages (e.g. "Create remediation ticket" on an incident's page, with `incidentId`):
 * its code loads when it first opens. Props: `open`, `onClose`, `incidentId?`, `onSaved?(ticket)`.
 */
export const RemediationTicketDialog = lazyDialog(() =>
  import('./components/TicketFormDialog').then((m) => m.TicketFormDialog),
);
export { ticketPath } from './paths';
