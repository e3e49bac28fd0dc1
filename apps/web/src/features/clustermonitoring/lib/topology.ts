import { formatBytes } from '@portal/contract';
import type { ClusterStore, TopologyZone } from '@portal/contract';

/** Component names as the console writes them. */
const COMPONENT_NAMES: Record<string, string> = {
  PD: 'PD',
  TIKV: 'TiKV',
  TIDB: 'TiDB',
  TIFLASH: 'TiFlash',
  TIFLASH_LEARNER: 'TiFlash learner',
  TIPROXY: 'TiProxy',
};

/** A store's disk: the used share (0–1), its colour (orange from 80%, red from 90%: PD's low-space line) and text. */
export function storeUsage(store: Pick<ClusterStore, 'capacity_bytes' | 'used_bytes'>) {
  const share = store.capacity_bytes > 0 ? Math.min(1, store.used_bytes / store.capacity_bytes) : 0;
  const color = share >= 0.9 ? '#ff4d4f' : share >= 0.8 ? '#fa8c16' : '#1677ff';
  const percent = Math.round(share * 100);
  return {
    share,
    color,
    text: `${formatBytes(store.used_bytes)} / ${formatBytes(store.capacity_bytes)} (${percent}%)`,
  };
}

/** What a zone's card lists: an instance count per component, then its stores (up of all) and their regions. */
export function zoneLines(zone: TopologyZone): { label: string; value: string }[] {
  const lines = zone.components.map((c) => ({
    label: COMPONENT_NAMES[c.component] ?? c.component,
    value: String(c.count),
  }));
  if (zone.stores > 0) {
    lines.push({ label: 'Stores up', value: `${zone.stores_up} / ${zone.stores}` });
    lines.push({ label: 'Regions', value: zone.region_count.toLocaleString('en-US') });
    lines.push({ label: 'Leaders', value: zone.leader_count.toLocaleString('en-US') });
  }
  if (lines.length === 0) lines.push({ label: 'Instances', value: '0' });
  return lines;
}
