import { DEFAULT_GITOPS_BRANCH } from '@portal/contract';
import type { gitopsDesiredStates, pdConfigs, pdSchedulers } from '../features/controlplane/index.js';
import { prng } from './catalogue.js';
import { DEMO_BASE_TIME, type DemoPlatformData } from './platform.js';

/**
 * The ctl and gitops side of the demo, i.e. the simulated control plane's state (features/controlplane): a few
 * clusters whose PD settings were changed by hand (pd-ctl), one with a leader eviction in place, and every running
 * DEDICATED_TIDB cluster's desired state on the default gitops branch — equal to what it runs, except for deliberate
 * drifts (a hotfix image not rolled yet, a hand-set PD value, a PD value changed in git but not applied).
 */

const DAY = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
/** The PD settings the gitops repository tracks, with PD's defaults. */
const TRACKED_PD = [
  { key: 'leader-schedule-limit', path: 'pd.schedule.leader-schedule-limit', value: '4' },
  { key: 'region-schedule-limit', path: 'pd.schedule.region-schedule-limit', value: '2048' },
  { key: 'max-store-down-time', path: 'pd.schedule.max-store-down-time', value: '30m0s' },
];
const ENGINEERS = ['lin.wei@example.com', 'maria.garcia@example.com', 'operator@example.com'];

export interface OpsState {
  pdConfigs: (typeof pdConfigs.$inferInsert)[];
  schedulers: (typeof pdSchedulers.$inferInsert)[];
  desired: (typeof gitopsDesiredStates.$inferInsert)[];
}

export function buildOpsState(platform: DemoPlatformData): OpsState {
  const r = prng(20_261_123);
  const out: OpsState = { pdConfigs: [], schedulers: [], desired: [] };
  const componentsOf = new Map<string, DemoPlatformData['components']>();
  for (const c of platform.components) componentsOf.set(c.clusterId, [...(componentsOf.get(c.clusterId) ?? []), c]);

  for (const c of platform.clusters) {
    const components = componentsOf.get(c.id) ?? [];
    if (c.clusterType !== 'DEDICATED_TIDB' || components.length === 0) continue;
    const tracked = new Date(c.createdAt!.getTime() + DAY);
    const baseline = {
      clusterId: c.id,
      branch: DEFAULT_GITOPS_BRANCH,
      revision: r.hex(40),
      author: 'gitops-bot@example.com',
      message: `Track ${c.name} (${c.version})`,
      updatedAt: tracked,
    };
    const desired = new Map<string, typeof baseline & { path: string; value: string }>();
    for (const comp of components)
      desired.set(`components.${comp.component}.image_tag`, {
        ...baseline,
        path: `components.${comp.component}.image_tag`,
        value: comp.imageTag,
      });
    for (const p of TRACKED_PD) desired.set(p.path, { ...baseline, path: p.path, value: p.value });

    const live = c.status === 'USER_CLUSTER_STATUS_AVAILABLE';
    const engineer = r.pick(ENGINEERS);
    const when = new Date(DEMO_BASE_TIME - r.int(1, 20) * DAY);
    // A hotfix build merged in git, waiting for its secondary confirmation.
    if (r.chance(0.08)) {
      const comp = r.pick(components.filter((x) => x.component === 'TIDB' || x.component === 'TIKV'));
      const tag = `${comp.version}-${ymd(when.getTime())}-${r.hex(7)}`;
      desired.set(`components.${comp.component}.image_tag`, {
        ...baseline,
        path: `components.${comp.component}.image_tag`,
        value: tag,
        revision: r.hex(40),
        author: engineer,
        message: `Roll ${comp.component} hotfix build ${tag} (#${r.int(1000, 9999)})`,
        updatedAt: when,
      });
    }
    // Someone ran `pd-ctl config set leader-schedule-limit 8` during an incident: the cluster drifted from git.
    if (r.chance(0.06))
      out.pdConfigs.push({
        clusterId: c.id,
        key: 'leader-schedule-limit',
        value: '8',
        updatedBy: engineer,
        updatedAt: when,
      });
    // A PD change merged in git and not applied yet.
    if (r.chance(0.05)) {
      desired.set('pd.schedule.max-store-down-time', {
        ...baseline,
        path: 'pd.schedule.max-store-down-time',
        value: '1h0m0s',
        revision: r.hex(40),
        author: engineer,
        message: 'Raise max-store-down-time to ride out AZ maintenance windows',
        updatedAt: when,
      });
    }
    // A tuned value kept in both places: no drift.
    if (r.chance(0.04)) {
      out.pdConfigs.push({
        clusterId: c.id,
        key: 'region-schedule-limit',
        value: '4096',
        updatedBy: engineer,
        updatedAt: when,
      });
      desired.set('pd.schedule.region-schedule-limit', {
        ...baseline,
        path: 'pd.schedule.region-schedule-limit',
        value: '4096',
      });
    }
    // Leaders moved off a store before its disk was replaced.
    if (live && r.chance(0.015))
      out.schedulers.push({
        clusterId: c.id,
        name: 'evict-leader-scheduler-1',
        storeId: '1',
        createdBy: engineer,
        createdAt: when,
      });
    out.desired.push(...desired.values());
  }
  return out;
}
