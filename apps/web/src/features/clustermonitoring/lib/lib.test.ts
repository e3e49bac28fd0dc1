import { describe, expect, it } from 'vitest';
import { CLUSTER_TYPES, DM_CLUSTER_TYPES, TOPOLOGY_CLUSTER_TYPES } from '@portal/contract';
import { cluster } from '../../../test/fixtures';
import { clusterMonitoringFeature } from '..';
import { alert, summary } from '../testing';
import { alertActions, dailyBars, dayLabel, firingDuration, firingFigures } from './alerts';
import { taskProgress } from './dm';
import { clusterAlertsPath } from './paths';
import { storeUsage, zoneLines } from './topology';

describe('the alert summary as chart and figures', () => {
  it('maps the 7 days to bars, oldest first, all severities summed per day', () => {
    expect(dailyBars(summary())).toEqual([
      { label: 'Nov 18', value: 1 },
      { label: 'Nov 19', value: 0 },
      { label: 'Nov 20', value: 3 },
      { label: 'Nov 21', value: 0 },
      { label: 'Nov 22', value: 0 },
      { label: 'Nov 23', value: 1 },
      { label: 'Nov 24', value: 1 },
    ]);
    // UTC days: the label never slips to the day before in a western time zone.
    expect(dayLabel('2026-01-01')).toBe('Jan 1');
  });

  it('lists the firing counts highest severity first, zeros kept', () => {
    expect(firingFigures(summary())).toEqual([
      { severity: 'critical', label: 'Critical', count: 1 },
      { severity: 'warning', label: 'Warning', count: 2 },
      { severity: 'info', label: 'Info', count: 0 },
    ]);
  });
});

describe('alert rows', () => {
  it('offers the actions of its state (the contract table)', () => {
    expect(alertActions(alert({ state: 'firing' }))).toEqual(['acknowledge', 'silence']);
    expect(alertActions(alert({ state: 'acknowledged' }))).toEqual(['silence']);
    expect(alertActions(alert({ state: 'silenced' }))).toEqual(['unsilence']);
    expect(alertActions(alert({ state: 'resolved' }))).toEqual([]);
  });

  it('tells how long it fired', () => {
    const at = (m: number) => new Date(Date.parse('2026-11-24T10:00:00Z') + m * 60_000).toISOString();
    const a = alert({ starts_at: at(0) });
    expect(firingDuration({ ...a, ends_at: at(45) })).toBe('45m');
    expect(firingDuration({ ...a, ends_at: at(185) })).toBe('3h 05m');
    expect(firingDuration({ ...a, ends_at: at(52 * 60) })).toBe('2d 4h');
    expect(firingDuration(a, Date.parse(at(10)))).toBe('10m');
  });

  it('links to the cluster page on its Alerts tab', () => {
    expect(clusterAlertsPath('13 72', '10086')).toBe('/orgs/13%2072/clusters/10086?tab=alerts');
  });
});

describe('topology and DM figures', () => {
  it('colours a store by how full it is', () => {
    const gib = 1024 ** 3;
    expect(storeUsage({ capacity_bytes: 1000 * gib, used_bytes: 400 * gib })).toEqual({
      share: 0.4,
      color: '#1677ff',
      text: '400 GiB / 1000 GiB (40%)',
    });
    expect(storeUsage({ capacity_bytes: 100, used_bytes: 85 }).color).toBe('#fa8c16');
    expect(storeUsage({ capacity_bytes: 100, used_bytes: 98 }).color).toBe('#ff4d4f');
    expect(storeUsage({ capacity_bytes: 0, used_bytes: 0 }).share).toBe(0);
  });

  it('lists a zone’s instances and stores', () => {
    expect(
      zoneLines({
        zone: 'us-east-1a',
        components: [
          { component: 'PD', count: 1 },
          { component: 'TIFLASH', count: 2 },
        ],
        stores: 3,
        stores_up: 2,
        region_count: 12345,
        leader_count: 4000,
      }),
    ).toEqual([
      { label: 'PD', value: '1' },
      { label: 'TiFlash', value: '2' },
      { label: 'Stores up', value: '2 / 3' },
      { label: 'Regions', value: '12,345' },
      { label: 'Leaders', value: '4,000' },
    ]);
    expect(zoneLines({ zone: 'z', components: [], stores: 0, stores_up: 0, region_count: 0, leader_count: 0 })).toEqual(
      [{ label: 'Instances', value: '0' }],
    );
  });

  it('shows a DM task’s progress or its replication lag', () => {
    expect(taskProgress({ unit: 'Load', progress: 0.634, sync_lag_seconds: null })).toBe('63%');
    expect(taskProgress({ unit: 'Sync', progress: null, sync_lag_seconds: 2 })).toBe('lag 2 s');
    expect(taskProgress({ unit: 'Sync', progress: null, sync_lag_seconds: 5400 })).toBe('lag 90 min');
    expect(taskProgress({ unit: 'Sync', progress: null, sync_lag_seconds: 9000 })).toBe('lag 3 h');
    expect(taskProgress({ unit: 'Dump', progress: null, sync_lag_seconds: null })).toBe('-');
  });
});

describe('the manifest', () => {
  it('shows Topology and DM Namespaces for the cluster types the contract names, Alerts for every cluster', () => {
    const tabs = new Map(clusterMonitoringFeature.clusterTabs!.map((t) => [t.key, t]));
    for (const type of CLUSTER_TYPES) {
      const props = { cluster: cluster({ cluster_type: type }) };
      const shown = (key: string) => tabs.get(key)!.when?.(props) ?? true;
      expect(shown('alerts'), type).toBe(true);
      expect(shown('topology'), type).toBe((TOPOLOGY_CLUSTER_TYPES as readonly string[]).includes(type));
      expect(shown('dm-ns'), type).toBe((DM_CLUSTER_TYPES as readonly string[]).includes(type));
    }
    expect(clusterMonitoringFeature.overviewPanels!.map((p) => [p.key, p.order])).toEqual([['critical-alerts', 20]]);
  });
});
