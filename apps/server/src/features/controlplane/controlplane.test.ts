import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { operationDefinition } from '../operations/index.js';
import { SIMULATED_STEP_MS, simulatedControlPlane } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the simulated control plane', () => {
  it('models step durations, scaled by the step time scale', () => {
    const plane = simulatedControlPlane({ stepTimeScale: 2 });
    expect(plane.stepDuration('ticdc.upgrade', 'pull-image')).toBe(4000);
    // A prefix covers every rolling restart; bookkeeping steps and unknown types take no time.
    expect(plane.stepDuration('cloud_config_change.apply', 'restart-TIKV')).toBe(3000);
    expect(plane.stepDuration('cloud_config_change.apply', 'persist')).toBe(0);
    expect(plane.stepDuration('nope', 'precheck')).toBe(0);
    expect(simulatedControlPlane({ stepTimeScale: 0 }).stepDuration('ticdc.upgrade', 'pull-image')).toBe(0);
  });

  it('is what the test app runs on, with no modelled wait', () => {
    expect(t.ctx.controlPlane.name).toBe('simulated');
    expect(t.ctx.controlPlane.stepDuration('ticdc.restart', 'restart-captures')).toBe(0);
  });

  it('names only steps the operation types have, and paces every TiCDC and gitops step', () => {
    for (const [type, steps] of Object.entries(SIMULATED_STEP_MS)) {
      const def = operationDefinition(t.ctx, type);
      expect(def, type).toBeDefined();
      const names = def!.steps.map((s) => s.name);
      for (const key of Object.keys(steps)) {
        const known = key.endsWith('*') ? names.some((n) => n.startsWith(key.slice(0, -1))) : names.includes(key);
        expect(known, `${type} ${key}`).toBe(true);
      }
      if (!type.startsWith('cloud_config_change.')) expect(Object.keys(steps).sort(), type).toEqual([...names].sort());
    }
  });
});
