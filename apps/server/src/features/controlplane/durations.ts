/**
 * How long the modelled operator takes for each step of each operation type (ms, before the step time scale). A
 * step not listed takes no time: it is the portal's own bookkeeping (a check, recording the result). `*` after a
 * prefix covers every step starting with it (one rolling restart per component).
 */
export const SIMULATED_STEP_MS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'ticdc.upgrade': { precheck: 1000, 'pull-image': 2000, 'rolling-upgrade': 3000, finalize: 1000 },
  'ticdc.modify_image': { 'check-image': 1000, 'rolling-restart': 3000, finalize: 500 },
  'ticdc.restart': { 'move-owner': 1000, 'restart-captures': 3000, verify: 1000 },
  'ticdc.shutdown': { 'pause-changefeeds': 1000, 'scale-in': 2000, finalize: 500 },
  'changefeed.restart': { pause: 1000, resume: 2000, verify: 1000 },
  'gitops.apply': { verify: 1000, 'pd-config': 1000, images: 3000, 'verify-sync': 500 },
  'cloud_config_change.apply': { 'hot-reload': 1500, 'restart-*': 1500 },
  'release.deploy': { build: 2000, canary: 2000, rollout: 3000, health: 1000 },
  // `confirm` is the manual verification's step: it waits for an operator, not for modelled time.
  'k8s_upgrade.cluster': { precheck: 250, 'control-plane': 1000, 'node-pools': 1500, confirm: 0, verify: 250 },
  // Remediation tickets' operations: each action runs a few of these (`confirm` is a high-risk ticket's manual step).
  'remediation.run': {
    precheck: 500,
    'evict-leaders': 1500,
    'rolling-restart': 3000,
    'provision-stores': 3000,
    'balance-regions': 3000,
    'transfer-leader': 1000,
    'raise-limits': 500,
    'wait-balance': 3000,
    'restore-limits': 500,
    'drain-connections': 1500,
    'replace-instance': 2500,
    confirm: 0,
    verify: 1000,
  },
};

/** The modelled duration of one step, unscaled. */
export function simulatedStepMs(operationType: string, step: string): number {
  const steps = SIMULATED_STEP_MS[operationType];
  if (!steps) return 0;
  const exact = steps[step];
  if (exact !== undefined) return exact;
  const prefix = Object.keys(steps).find((k) => k.endsWith('*') && step.startsWith(k.slice(0, -1)));
  return prefix ? steps[prefix]! : 0;
}
