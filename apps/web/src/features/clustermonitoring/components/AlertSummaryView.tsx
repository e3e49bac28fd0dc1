import { CLUSTER_ALERT_SEVERITY_COLORS } from '@portal/contract';
import { BarChart } from '../../../shared/ui/BarChart';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Spinner } from '../../../shared/ui/Spinner';
import { useClusterAlertSummary } from '../api';
import { dailyBars, firingFigures } from '../lib/alerts';

/** The top of the Alerts tab: what fires now, by severity, and how many alerts started on each of the last 7 days. */
export function AlertSummaryView({ clusterId }: { clusterId: string }) {
  const { data, error, isLoading, refetch } = useClusterAlertSummary(clusterId);
  if (isLoading) return <Spinner />;
  if (error || !data)
    return <ErrorState compact title="Failed to load the alert summary" error={error} onRetry={() => void refetch()} />;
  const week = data.last_7_days;
  return (
    <div className="cm-summary" aria-label="Alert summary">
      <div className="cm-summary-figures">
        <div className="cm-figure-group">
          <div className="cm-figure-title">Firing now</div>
          <div className="cm-figures">
            {firingFigures(data).map((f) => (
              <div key={f.severity} className="cm-figure">
                <span
                  className="cm-figure-value"
                  style={{ color: f.count ? CLUSTER_ALERT_SEVERITY_COLORS[f.severity] : undefined }}
                >
                  {f.count}
                </span>
                <span className="cm-figure-label">{f.label}</span>
              </div>
            ))}
            <div className="cm-figure">
              <span className="cm-figure-value">{data.acknowledged}</span>
              <span className="cm-figure-label">Acknowledged</span>
            </div>
            <div className="cm-figure">
              <span className="cm-figure-value">{data.silenced}</span>
              <span className="cm-figure-label">Silenced</span>
            </div>
          </div>
        </div>
        <div className="cm-figure-group">
          <div className="cm-figure-title">Last 7 days</div>
          <div className="cm-figures">
            <div className="cm-figure">
              <span className="cm-figure-value">{week.total}</span>
              <span className="cm-figure-label">Alerts</span>
            </div>
            <div className="cm-figure">
              <span className="cm-figure-value">{week.critical}</span>
              <span className="cm-figure-label">Critical</span>
            </div>
            <div className="cm-figure">
              <span className="cm-figure-value">{week.resolved}</span>
              <span className="cm-figure-label">Resolved</span>
            </div>
          </div>
        </div>
      </div>
      <div className="cm-summary-chart">
        <BarChart title="Alerts per day, last 7 days" data={dailyBars(data)} sorted={false} color="#fa8c16" />
      </div>
    </div>
  );
}
