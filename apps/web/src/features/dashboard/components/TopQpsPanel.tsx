import { Link } from 'react-router';
import { dashboardPlaygroundPath, type TopQpsCluster } from '@portal/contract';
import { useTopQps } from '../api';
import { COUNT, MiniTable, QueryState, type MiniColumn } from './PanelKit';

const LIMIT = 10;
const e = encodeURIComponent;

/** QPS as shown: whole numbers with separators, one decimal below 10. */
export const qps = (v: number): string => (v < 10 ? v.toFixed(1) : COUNT.format(Math.round(v)));

/** Each row's bar: its QPS as a share of the busiest one's, in percent. */
export const barWidths = (rows: readonly TopQpsCluster[]): number[] => {
  const max = Math.max(0, ...rows.map((r) => r.qps));
  return rows.map((r) => (max > 0 ? Math.round((r.qps / max) * 1000) / 10 : 0));
};

/** Overview panel "Top QPS" (spec §7 dashboard top qps): the busiest clusters now, linked to their pages. */
export function TopQpsPanel() {
  const query = useTopQps(LIMIT);
  return (
    <QueryState query={query} what="the top QPS" isEmpty={(d) => d.items.length === 0} empty="No cluster reports QPS">
      {(d) => {
        const widths = barWidths(d.items);
        const columns: MiniColumn<TopQpsCluster & { width: number }>[] = [
          { title: '#', cell: (c) => c.rank },
          {
            title: 'Cluster',
            cell: (c) =>
              c.tenant_id ? (
                <Link to={`/orgs/${e(c.tenant_id)}/clusters/${e(c.cluster_id)}`}>{c.cluster_name ?? c.cluster_id}</Link>
              ) : (
                c.cluster_id
              ),
          },
          { title: 'Tenant', cell: (c) => c.tenant_name ?? '-' },
          {
            title: 'QPS',
            align: 'right',
            cell: (c) => (
              <>
                {qps(c.qps)}
                <span className="dash-bar" style={{ width: `${c.width}%` }} />
              </>
            ),
          },
        ];
        return (
          <>
            <MiniTable
              label="Clusters by QPS"
              columns={columns}
              rows={d.items.map((c, i) => ({ ...c, width: widths[i]! }))}
              rowKey={(c) => c.cluster_id}
            />
            {d.warnings.length ? <p className="dash-caption">{d.warnings.join(' ')}</p> : null}
            <p className="dash-caption">
              <Link to={dashboardPlaygroundPath(d.query)}>Open in Playground</Link>
            </p>
          </>
        );
      }}
    </QueryState>
  );
}
