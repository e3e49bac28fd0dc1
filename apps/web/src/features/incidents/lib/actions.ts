import { canTransitionIncident, incidentTransitionLabel } from '@portal/contract';
import type { IncidentChangeKind, IncidentStatus } from '@portal/contract';

/** The status actions of the detail page, in the order shown, each a move to a status. */
export const STATUS_ACTIONS: readonly { to: IncidentStatus; label: string; confirm: boolean }[] = [
  { to: 'acknowledged', label: 'Acknowledge', confirm: false },
  { to: 'mitigated', label: 'Mitigate', confirm: false },
  // Resolving ends the incident (and its notifications); reopening starts it again: both ask first.
  { to: 'resolved', label: 'Resolve', confirm: true },
  { to: 'open', label: 'Reopen', confirm: true },
];

/** Whether the move is allowed from the status (the contract's INCIDENT_TRANSITIONS, as the server enforces it). */
export const actionEnabled = (status: IncidentStatus, to: IncidentStatus) => canTransitionIncident(status, to);

/** The button's label: the contract's name of the move when allowed (mitigated → acknowledged: "Mitigation failed"). */
export const actionLabel = (status: IncidentStatus, action: { to: IncidentStatus; label: string }) =>
  actionEnabled(status, action.to) ? incidentTransitionLabel(status, action.to) : action.label;

/** The audit type of each kind of change "what changed here" lists: its page, through the audit links. */
export const CHANGE_AUDIT_TYPES: Record<IncidentChangeKind, string> = {
  config_change: 'cloud_config_change',
  release: 'release',
  maintenance: 'cluster_maintenance',
  operation: 'operation',
  k8s_upgrade: 'k8s_upgrade_task',
};
