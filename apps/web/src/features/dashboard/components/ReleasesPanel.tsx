import { Link } from 'react-router';
import { DEVOPS_RELEASE_PHASE_COLORS, type DashboardRelease } from '@portal/contract';
import { useDashboardReleases } from '../api';
import { Label, MiniTable, minuteUtc, QueryState, type MiniColumn } from './PanelKit';

/** "3/5 changes verified": the changes verified or closed of all of a release's changes. */
export function changeProgress(r: DashboardRelease): string {
  const done = (r.changes.by_status.verified ?? 0) + (r.changes.by_status.closed ?? 0);
  return `${done}/${r.changes.total} done`;
}

const columns = (when: (r: DashboardRelease) => string): MiniColumn<DashboardRelease>[] => [
  {
    title: 'Release',
    cell: (r) => (
      <>
        <Link to={`/release/${encodeURIComponent(r.id)}`}>{r.release_number}</Link> {r.environment}
        <span className="dash-sub">{r.description}</span>
      </>
    ),
  },
  {
    title: 'Phase',
    cell: (r) => <Label color={DEVOPS_RELEASE_PHASE_COLORS[r.phase]}>{r.phase.replace('_', ' ')}</Label>,
  },
  { title: 'Changes', align: 'right', cell: changeProgress },
  { title: 'When', align: 'right', cell: when },
];
const ONGOING = columns((r) => `created ${minuteUtc(r.created_at)}`);
const RECENT = columns((r) => (r.released_at ? `released ${minuteUtc(r.released_at)}` : '-'));

/** Overview panel "Releases" (spec §7 dashboard release): releases under way and the latest released ones. */
export function ReleasesPanel() {
  const query = useDashboardReleases(5);
  return (
    <QueryState
      query={query}
      what="the releases"
      isEmpty={(d) => d.ongoing.total === 0 && d.recent.items.length === 0}
      empty="No releases"
    >
      {(d) => (
        <>
          <p className="dash-section">Ongoing ({d.ongoing.total})</p>
          {d.ongoing.items.length ? (
            <MiniTable label="Ongoing releases" columns={ONGOING} rows={d.ongoing.items} rowKey={(r) => r.id} />
          ) : (
            <p className="dash-empty">No release under way</p>
          )}
          <p className="dash-section">Recently released</p>
          {d.recent.items.length ? (
            <MiniTable label="Recently released" columns={RECENT} rows={d.recent.items} rowKey={(r) => r.id} />
          ) : (
            <p className="dash-empty">Nothing released yet</p>
          )}
          <p className="dash-caption">
            <Link to="/release">All releases</Link>
          </p>
        </>
      )}
    </QueryState>
  );
}
