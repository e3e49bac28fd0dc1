import { useState } from 'react';
import { Link } from 'react-router';
import { TENANT_ENGINE_LABELS, type EngineTenant, type TenantEngine, type TenantRanking } from '@portal/contract';
import { useEngineTenants } from '../api';
import { COUNT, MiniTable, minuteUtc, QueryState, type MiniColumn } from './PanelKit';

const LIMIT = 10;

/** GiB as TiB with one decimal below 100 TiB ("1.5 TiB", "512 GiB"). */
export function storage(gib: number): string {
  if (gib < 1024) return `${COUNT.format(gib)} GiB`;
  const tib = gib / 1024;
  return `${tib < 100 ? tib.toFixed(1) : COUNT.format(Math.round(tib))} TiB`;
}

const COLUMNS: MiniColumn<EngineTenant>[] = [
  { title: '#', cell: (t) => t.rank },
  {
    title: 'Tenant',
    cell: (t) => <Link to={`/orgs/${encodeURIComponent(t.tenant_id)}`}>{t.tenant_name ?? t.tenant_id}</Link>,
  },
  { title: 'Clusters', align: 'right', cell: (t) => COUNT.format(t.clusters) },
  { title: 'Nodes', align: 'right', cell: (t) => COUNT.format(t.nodes) },
  { title: 'Storage', align: 'right', cell: (t) => storage(t.storage_gib) },
];

function EngineTenants({ engine }: { engine: TenantEngine }) {
  const [by, setBy] = useState<TenantRanking>('nodes');
  const query = useEngineTenants(engine, by, LIMIT);
  const label = TENANT_ENGINE_LABELS[engine];
  return (
    <>
      <div className="dash-toggle" role="group" aria-label={`Rank ${label} tenants by`}>
        {(['nodes', 'storage'] as const).map((b) => (
          <button key={b} type="button" aria-pressed={by === b} onClick={() => setBy(b)}>
            By {b}
          </button>
        ))}
      </div>
      <QueryState
        query={query}
        what={`the ${label} tenants`}
        isEmpty={(d) => d.items.length === 0}
        empty={`No tenant has ${label} nodes`}
      >
        {(d) => (
          <>
            <MiniTable
              label={`Tenants by ${label} ${d.by}`}
              columns={COLUMNS}
              rows={d.items}
              rowKey={(t) => t.tenant_id}
            />
            <p className="dash-caption">
              Top {d.items.length} of {COUNT.format(d.total)} tenants with {label}
              {d.refreshed_at ? ` · as of ${minuteUtc(d.refreshed_at)}` : ''}
            </p>
          </>
        )}
      </QueryState>
    </>
  );
}

/** Overview panel "TiKV tenants" (spec §7 dashboard tikv tenants): tenants ranked by TiKV nodes or storage. */
export function TikvTenantsPanel() {
  return <EngineTenants engine="tikv" />;
}

/** Overview panel "TiFlash tenants" (spec §7 dashboard tiflash tenants): tenants ranked by TiFlash nodes, storage. */
export function TiflashTenantsPanel() {
  return <EngineTenants engine="tiflash" />;
}
