import { Link } from 'react-router';
import {
  INCIDENT_SEVERITY_COLORS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_COLORS,
  INCIDENT_STATUS_LABELS,
  type DashboardIncident,
} from '@portal/contract';
import { useDashboardIncidents } from '../api';
import { Label, MiniTable, QueryState, span, type MiniColumn } from './PanelKit';

const e = encodeURIComponent;
/** The incident list filtered to the unresolved ones. */
export const UNRESOLVED_LIST = '/incidents?status=open&status=acknowledged&status=mitigated';

const COLUMNS: MiniColumn<DashboardIncident>[] = [
  {
    title: 'Incident',
    cell: (i) => (
      <>
        <Link to={`/incidents/${e(i.id)}`}>{i.id}</Link> {i.title}
        <span className="dash-sub">
          {i.commander ? `${i.commander} · ` : 'no commander · '}
          {i.clusters} cluster{i.clusters === 1 ? '' : 's'}
        </span>
      </>
    ),
  },
  {
    title: 'Severity',
    cell: (i) => <Label color={INCIDENT_SEVERITY_COLORS[i.severity]}>{INCIDENT_SEVERITY_LABELS[i.severity]}</Label>,
  },
  {
    title: 'Status',
    cell: (i) => <Label color={INCIDENT_STATUS_COLORS[i.status]}>{INCIDENT_STATUS_LABELS[i.status]}</Label>,
  },
  { title: 'Started', align: 'right', cell: (i) => <span title={i.started_at}>{span(i.started_at)} ago</span> },
];

/** Overview panel "Incidents" (spec §7 dashboard incident): unresolved incidents by severity, the newest of them. */
export function IncidentsPanel() {
  const query = useDashboardIncidents(5);
  return (
    <QueryState query={query} what="the incidents" isEmpty={(d) => d.total === 0} empty="No unresolved incidents">
      {(d) => (
        <>
          <div className="dash-figures" aria-label="Unresolved incidents by severity">
            {d.by_severity.map((s) => (
              <Label key={s.severity} color={s.count ? INCIDENT_SEVERITY_COLORS[s.severity] : undefined}>
                {INCIDENT_SEVERITY_LABELS[s.severity]}: {s.count}
              </Label>
            ))}
          </div>
          <MiniTable label="Newest unresolved incidents" columns={COLUMNS} rows={d.items} rowKey={(i) => i.id} />
          <p className="dash-caption">
            <Link to={UNRESOLVED_LIST}>All {d.total} unresolved incidents</Link>
          </p>
        </>
      )}
    </QueryState>
  );
}
