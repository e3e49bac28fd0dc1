import { CLUSTER_ALERT_SEVERITIES, CLUSTER_ALERT_SEVERITY_LABELS, canClusterAlert } from '@portal/contract';
import type { ClusterAlert, ClusterAlertAction, ClusterAlertSummary } from '@portal/contract';
import type { BarDatum } from '../../../shared/ui/BarChart';

/** `Nov 18`: a summary day (`YYYY-MM-DD`, UTC) as the chart labels it. */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The summary's days as bars, oldest first: every day, with all its alerts (any severity). */
export function dailyBars(summary: Pick<ClusterAlertSummary, 'daily'>): BarDatum[] {
  return summary.daily.map((d) => ({ label: dayLabel(d.date), value: d.critical + d.warning + d.info }));
}

/** The firing counts as `Critical 2 · Warning 1` figures, highest severity first (zero ones kept). */
export function firingFigures(summary: Pick<ClusterAlertSummary, 'firing'>) {
  return CLUSTER_ALERT_SEVERITIES.map((severity) => ({
    severity,
    label: CLUSTER_ALERT_SEVERITY_LABELS[severity],
    count: summary.firing[severity],
  }));
}

/** What the row's buttons offer, from the contract's state table (the one the server enforces). */
export function alertActions(alert: Pick<ClusterAlert, 'state'>): ClusterAlertAction[] {
  return (['acknowledge', 'silence', 'unsilence'] as const).filter((a) => canClusterAlert(alert.state, a));
}

/** How long an alert fired: `45m`, `3h 05m`, `2d 4h`; until now while it still fires. */
export function firingDuration(alert: Pick<ClusterAlert, 'starts_at' | 'ends_at'>, now = Date.now()): string {
  const end = alert.ends_at ? Date.parse(alert.ends_at) : now;
  const minutes = Math.max(0, Math.floor((end - Date.parse(alert.starts_at)) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}
