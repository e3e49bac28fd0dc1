import { describe, expect, it } from 'vitest';
import {
  canDoOnK8sTask,
  canExcludeK8sCluster,
  compareK8sVersions,
  k8sBatchStatus,
  k8sTaskBody,
  k8sUpgradePath,
  K8S_MESSAGES,
  K8S_TASK_STATE_ACTIONS,
  K8S_TASK_STATUSES,
} from './k8s.js';

describe('k8s upgrade tasks: the state table', () => {
  it('allows exactly these actions per status', () => {
    expect(K8S_TASK_STATE_ACTIONS).toEqual({
      draft: ['edit', 'submit', 'cancel', 'exclude', 'delete'],
      running: ['cancel', 'exclude'],
      succeeded: ['close'],
      failed: ['close'],
      cancelled: ['close'],
      closed: ['delete'],
    });
    for (const s of K8S_TASK_STATUSES)
      expect(canDoOnK8sTask(s, 'close')).toBe(['succeeded', 'failed', 'cancelled'].includes(s));
    expect(canDoOnK8sTask('unknown', 'submit')).toBe(false);
  });

  it('excludes only a pending cluster of a draft or running task', () => {
    expect(canExcludeK8sCluster('draft', 'pending')).toBe(true);
    expect(canExcludeK8sCluster('running', 'pending')).toBe(true);
    expect(canExcludeK8sCluster('running', 'upgrading')).toBe(false);
    expect(canExcludeK8sCluster('running', 'excluded')).toBe(false);
    expect(canExcludeK8sCluster('succeeded', 'pending')).toBe(false);
  });

  it('derives a batch status from its clusters', () => {
    expect(k8sBatchStatus(['succeeded', 'upgrading'])).toBe('running');
    expect(k8sBatchStatus(['failed', 'succeeded'])).toBe('failed');
    expect(k8sBatchStatus(['pending', 'excluded'])).toBe('pending');
    expect(k8sBatchStatus(['succeeded', 'excluded'])).toBe('succeeded');
    expect(k8sBatchStatus(['excluded', 'skipped'])).toBe('skipped');
  });
});

describe('k8s versions', () => {
  it('compares numerically and upgrades one minor version at a time', () => {
    expect(compareK8sVersions('1.9', '1.10')).toBeLessThan(0);
    expect(compareK8sVersions('1.30', '1.30')).toBe(0);
    expect(k8sUpgradePath('1.27', '1.30')).toEqual(['1.28', '1.29', '1.30']);
    expect(k8sUpgradePath('1.29', '1.30')).toEqual(['1.30']);
    expect(k8sUpgradePath('1.30', '1.30')).toEqual([]);
  });
});

describe('the task body', () => {
  it('answers the messages both sides show', () => {
    const issues = (body: unknown) =>
      k8sTaskBody.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ name: '', target_version: '', batches: [] })).toEqual([
      ['name', 'task name is required'],
      ['target_version', 'target version is required'],
      ['batches', 'add at least one batch'],
    ]);
    expect(issues({ name: 'x', target_version: '1.30', batches: [['a-1'], []] })).toEqual([
      ['batches.1', 'a batch needs at least one k8s cluster'],
    ]);
    expect(issues({ name: 'x', target_version: '1.30', batches: [['a-1', 'b-1'], ['a-1']] })).toEqual([
      ['batches.1.0', 'a-1 is in more than one batch'],
    ]);
    expect(K8S_MESSAGES.excludeReasonRequired).toBe('a reason is required to exclude a k8s cluster');
  });
});
