import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '@portal/contract';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Spinner } from '../../../shared/ui/Spinner';
import { useCriticalAlerts } from '../api';
import { firingDuration } from '../lib/alerts';
import { clusterAlertsPath } from '../lib/paths';
import '../clustermonitoring.css';

/** Alerts per page of the panel. */
export const CRITICAL_PANEL_PAGE_SIZE = 5;

/**
 * The overview's critical alerts (spec §7 dashboard critical-alert): the fleet's critical alerts firing and not
 * silenced, newest first, a page at a time, each linking to its cluster page's Alerts tab.
 */
export function CriticalAlertsPanel() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useCriticalAlerts({
    page,
    per_page: CRITICAL_PANEL_PAGE_SIZE,
  });
  if (isLoading) return <Spinner />;
  if (error || !data)
    return (
      <ErrorState compact title="Failed to load the critical alerts" error={error} onRetry={() => void refetch()} />
    );
  if (data.total === 0) return <p className="cm-critical-meta">No critical alerts are firing.</p>;
  const pages = Math.max(1, Math.ceil(data.total / CRITICAL_PANEL_PAGE_SIZE));
  return (
    <>
      <ul className="cm-critical-list" aria-label="Critical alerts" aria-busy={isFetching}>
        {data.items.map((a) => (
          <li key={a.id} className="cm-critical-item">
            <div className="cm-critical-main">
              <div className="cm-critical-summary">
                <Link to={clusterAlertsPath(a.tenant_id, a.cluster_id)}>{a.summary}</Link>
              </div>
              <div className="cm-critical-meta">
                {`${a.cluster_name} · ${a.tenant_name || a.tenant_id} · ${a.rule}`}
                {a.acknowledged_by ? ` · acknowledged by ${a.acknowledged_by}` : ''}
              </div>
            </div>
            <div className="cm-critical-meta" title={`Started ${formatDateTime(a.starts_at)} UTC`}>
              {`firing ${firingDuration(a)}`}
            </div>
          </li>
        ))}
      </ul>
      <div className="cm-pager">
        <span>{`${data.total} firing · page ${page} of ${pages}`}</span>
        <span>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>{' '}
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </span>
      </div>
    </>
  );
}
