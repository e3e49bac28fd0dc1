import type { OncallRotation, OncallShift } from '@portal/contract';
import { useCloudOncall } from '../api';
import { MiniTable, minuteUtc, QueryState, type MiniColumn } from './PanelKit';

function Person({ shift, when }: { shift: OncallShift; when: string }) {
  return (
    <>
      <a href={`mailto:${shift.email}`}>{shift.name}</a>
      <span className="dash-sub">{when}</span>
    </>
  );
}

const COLUMNS: MiniColumn<OncallRotation>[] = [
  {
    title: 'Rotation',
    cell: (r) => (
      <>
        <span title={r.description}>{r.name}</span>
        <span className="dash-sub">
          {r.period_hours % 24 === 0 ? `${r.period_hours / 24}-day` : `${r.period_hours} h`} shifts
        </span>
      </>
    ),
  },
  { title: 'On call now', cell: (r) => <Person shift={r.current} when={`until ${minuteUtc(r.current.ends_at)}`} /> },
  { title: 'Next', cell: (r) => <Person shift={r.next} when={`from ${minuteUtc(r.next.starts_at)}`} /> },
];

/** Overview panel "Cloud on-call" (spec §7 dashboard cloud-oncall): who is on call now and next, per rotation. */
export function OncallPanel() {
  const query = useCloudOncall();
  return (
    <QueryState
      query={query}
      what="the on-call schedule"
      isEmpty={(d) => d.items.length === 0}
      empty="No on-call rotations"
    >
      {(d) => <MiniTable label="On-call rotations" columns={COLUMNS} rows={d.items} rowKey={(r) => r.id} />}
    </QueryState>
  );
}
