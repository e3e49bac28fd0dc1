import { describe, expect, it } from 'vitest';
import { AUDIT_TYPES } from './constants.js';
import { PORTAL_EVENT_TYPES } from './events.js';
import { ISSUE_KEY_PATTERN, ISSUE_SUBJECT_TYPES, linkIssueBody } from './issuetracker.js';
import {
  canRemediation,
  createRemediationBody,
  describeRemediation,
  REMEDIATION_ACTION_INFO,
  REMEDIATION_ACTIONS,
  REMEDIATION_MESSAGES,
  REMEDIATION_STATUS_ACTIONS,
  REMEDIATION_TRANSITIONS,
  remediationSteps,
} from './remediation.js';

describe('remediation tickets', () => {
  it('uses spec §8’s success messages verbatim', () => {
    expect(REMEDIATION_MESSAGES).toMatchObject({
      created: 'Create successful!',
      saved: 'Save successful!',
      approved: 'Successfully Approve',
      rejected: 'Successfully Reject',
      cancelled: 'Successfully Cancel',
    });
  });

  it('is an audit type with an event, and an issue-tracker subject', () => {
    expect(AUDIT_TYPES).toContain('remediation_ticket');
    expect(PORTAL_EVENT_TYPES).toContain('remediation.completed');
    expect(ISSUE_SUBJECT_TYPES).toContain('remediation_ticket');
  });

  it('allows an action only where its status’ move is a transition', () => {
    expect(canRemediation('draft', 'submit')).toBe(true);
    expect(canRemediation('running', 'cancel')).toBe(false);
    expect(canRemediation('bogus', 'cancel')).toBe(false);
    // Cancel leads to cancelled, submit to approving, run to running: the moves each action makes must be allowed.
    const target = { submit: 'approving', cancel: 'cancelled', run: 'running' } as const;
    for (const [status, actions] of Object.entries(REMEDIATION_STATUS_ACTIONS))
      for (const action of actions)
        if (action in target)
          expect(REMEDIATION_TRANSITIONS[status as keyof typeof REMEDIATION_TRANSITIONS]).toContain(
            target[action as keyof typeof target],
          );
  });

  it('describes each action and lists its steps; high risk adds the manual confirmation before verify', () => {
    expect(describeRemediation('restart_component', { component: 'TIKV' })).toBe('Restart TIKV');
    expect(describeRemediation('scale_out_tikv', { add_nodes: 1 })).toBe('Scale out TiKV by 1 node');
    expect(describeRemediation('transfer_pd_leader', { target_member: 'pd-2' })).toBe('Transfer the PD leader to pd-2');
    for (const action of REMEDIATION_ACTIONS) {
      const steps = remediationSteps(action, 'low').map((s) => s.name);
      expect(steps[0]).toBe('precheck');
      expect(steps.at(-1)).toBe('verify');
      expect(remediationSteps(action, 'high').map((s) => s.name)).toEqual([...steps.slice(0, -1), 'confirm', 'verify']);
      expect(REMEDIATION_ACTION_INFO[action].label).toBeTruthy();
    }
  });

  it('parses a body per action (defaults, normalized incident id) and refuses a foreign parameter shape', () => {
    const ok = createRemediationBody.parse({
      cluster_id: 'c1',
      incident_id: 'inc-7',
      action: 'rebalance_regions',
      params: {},
      reason: 'why',
    });
    expect(ok).toMatchObject({ incident_id: 'INC-7', params: { region_schedule_limit: 16 }, submit: false });
    expect(
      createRemediationBody.safeParse({
        cluster_id: 'c1',
        action: 'scale_out_tikv',
        params: { component: 'TIKV' },
        reason: 'x',
      }).success,
    ).toBe(false);
  });
});

describe('issue tracker keys', () => {
  it('accepts Jira-style keys only, upper-casing them', () => {
    expect(ISSUE_KEY_PATTERN.test('OPS-123')).toBe(true);
    for (const bad of ['ops', 'OPS-0', '1OPS-2', 'OPS 2']) expect(ISSUE_KEY_PATTERN.test(bad)).toBe(false);
    expect(
      linkIssueBody.parse({ issue_key: ' ops-12 ', subject_type: 'incident', subject_id: 'INC-1' }).issue_key,
    ).toBe('OPS-12');
  });
});
