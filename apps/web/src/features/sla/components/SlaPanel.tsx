import { Link } from 'react-router';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Spinner } from '../../../shared/ui/Spinner';
import { useSlaFleet } from '../api';
import { formatAvailability, formatMinutes } from '../lib/format';
import { SLA_SUMMARY_PATH, slaDetailPath } from '../paths';
import '../sla.css';

/**
 * Overview panel "SLA" (spec §7 dashboard sla): this month's availability of the dedicated fleet, its breaches and
 * its worst clusters (each leading to its SLA detail), and the way to the SLA summary. Plain markup: it loads on
 * /overview, whose budget is tight.
 */
export function SlaPanel() {
  const query = useSlaFleet({});
  const f = query.data;
  if (!f) {
    if (query.error)
      return (
        <ErrorState compact title="Failed to load the SLA" error={query.error} onRetry={() => void query.refetch()} />
      );
    return <Spinner />;
  }
  return (
    <div className="sla-panel">
      <div className="sla-panel-figures" aria-label="SLA this month">
        <div>
          <div className="sla-panel-label">Fleet availability</div>
          <div className="sla-panel-value">{formatAvailability(f.availability_percent)}</div>
        </div>
        <div>
          <div className="sla-panel-label">Breaches</div>
          <div className={f.breaches ? 'sla-panel-value sla-breached' : 'sla-panel-value'}>{f.breaches}</div>
        </div>
        <div>
          <div className="sla-panel-label">Clusters with downtime</div>
          <div className="sla-panel-value">
            {f.clusters_with_downtime} / {f.clusters}
          </div>
        </div>
      </div>
      {f.worst.length ? (
        <ol className="sla-panel-worst" aria-label="Worst clusters this month">
          {f.worst.map((c) => (
            <li key={c.cluster_id}>
              <Link to={slaDetailPath(c.cluster_id)}>{c.cluster_name}</Link>
              <span className="sla-panel-sub">{c.tenant_name}</span>
              <span className={c.breached ? 'sla-panel-figure sla-breached' : 'sla-panel-figure'}>
                {formatAvailability(c.availability_percent)} · {formatMinutes(c.downtime_minutes)} min
                {c.breached ? ' · breached' : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="sla-panel-empty">No downtime this month</p>
      )}
      <p className="sla-panel-caption">
        <Link to={SLA_SUMMARY_PATH}>SLA summary</Link>
      </p>
    </div>
  );
}
