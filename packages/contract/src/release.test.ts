import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors.js';
import { AUDIT_TYPES } from './constants.js';
import {
  canDoChangeAction,
  canDoReleaseAction,
  canMoveTicket,
  createReleaseChangeBody,
  createReleaseTicketBody,
  DEVOPS_RELEASE_ACTIONS,
  DEVOPS_RELEASE_PHASES,
  RELEASE_CHANGE_ACTIONS,
  RELEASE_CHANGE_OUTCOMES,
  RELEASE_CHANGE_STATUSES,
  RELEASE_MESSAGES,
  verifyChangeBody,
} from './release.js';
import { codehostApi, releaseApi } from './release-api.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('release change states (spec §4)', () => {
  it('cancel from draft, submitted, ready; close from the ended statuses; deploy when ready or to retry', () => {
    const where = (action: Parameters<typeof canDoChangeAction>[1]) =>
      RELEASE_CHANGE_STATUSES.filter((s) => canDoChangeAction(s, action));
    expect(where('submit')).toEqual(['draft']);
    expect(where('check_ready')).toEqual(['submitted', 'ready']);
    expect(where('deploy')).toEqual(['ready', 'deploy_failed']);
    expect(where('verify')).toEqual(['deployed']);
    expect(where('cancel')).toEqual(['draft', 'submitted', 'ready']);
    expect(where('close')).toEqual(['deploy_failed', 'verified', 'verify_failed', 'cancelled']);
    expect(where('update')).toEqual(['draft', 'submitted']);
    expect(RELEASE_CHANGE_ACTIONS.closed).toEqual([]);
    expect(canDoChangeAction('nonsense', 'submit')).toBe(false);
  });

  it('leads every action to statuses of the machine', () => {
    for (const outcomes of Object.values(RELEASE_CHANGE_OUTCOMES))
      for (const s of outcomes) expect(RELEASE_CHANGE_STATUSES).toContain(s);
  });

  it('asks for approval only in prod, and freezes a prod release scope from then on', () => {
    for (const env of ['dev', 'staging'] as const)
      for (const phase of DEVOPS_RELEASE_PHASES) expect(canDoReleaseAction(env, phase, 'request_approval')).toBe(false);
    expect(canDoReleaseAction('prod', 'planning', 'request_approval')).toBe(true);
    expect(DEVOPS_RELEASE_PHASES.filter((p) => canDoReleaseAction('prod', p, 'add_change'))).toEqual(['planning']);
    expect(DEVOPS_RELEASE_PHASES.filter((p) => canDoReleaseAction('dev', p, 'add_change'))).toEqual([
      'planning',
      'in_progress',
    ]);
    expect(DEVOPS_RELEASE_ACTIONS.prod.approving).toContain('cancel_approval');
  });

  it('moves tickets by their table', () => {
    expect(canMoveTicket('open', 'resolved')).toBe(true);
    expect(canMoveTicket('closed', 'open')).toBe(true);
    expect(canMoveTicket('closed', 'resolved')).toBe(false);
    expect(canMoveTicket('open', 'open')).toBe(false);
  });
});

describe('release messages and bodies', () => {
  it('keeps the spec wording (§8)', () => {
    expect(RELEASE_MESSAGES.releaseCreated('prod')).toBe('Successfully Create a prod Release');
    expect(RELEASE_MESSAGES.cancelled).toBe('Successfully Cancel');
    expect(RELEASE_MESSAGES.closed).toBe('Successfully Close');
    expect(RELEASE_MESSAGES.saved).toBe('Save successful!');
    expect(RELEASE_MESSAGES.created).toBe('Create successful!');
  });

  it('validates a change, a verification and a ticket with the messages', () => {
    expect(messages(createReleaseChangeBody.safeParse({}))).toEqual([
      RELEASE_MESSAGES.titleRequired,
      RELEASE_MESSAGES.componentRequired,
    ]);
    expect(
      messages(
        createReleaseChangeBody.safeParse({
          title: 't',
          component: 'c',
          target_cluster_ids: ['a'],
          canary_cluster_ids: ['a', 'b'],
        }),
      ),
    ).toEqual([RELEASE_MESSAGES.canaryNotTarget]);
    expect(messages(verifyChangeBody.safeParse({ result: 'failed', notes: ' ' }))).toEqual([
      RELEASE_MESSAGES.notesRequired,
    ]);
    expect(verifyChangeBody.parse({ result: 'passed' })).toEqual({ result: 'passed', notes: '' });
    expect(messages(createReleaseTicketBody.safeParse({ name: 'OPS1234', change_id: '1', title: 't' }))).toEqual([
      RELEASE_MESSAGES.ticketNameFormat,
    ]);
  });

  it('has an error code for every refusal and an audit type', () => {
    for (const code of [
      'release.actionNotAllowed',
      'release.phaseForbids',
      'release.approvalRequired',
      'release.notReady',
      'release.changesNotReady',
      'release.ticketTransition',
    ] as const)
      expect(errorCatalogue[code].status).toBe(409);
    expect(AUDIT_TYPES).toContain('release');
  });

  it('puts every route under /api/v1/devops with a declared privilege', () => {
    for (const d of [...Object.values(releaseApi), ...Object.values(codehostApi)]) {
      expect(d.path.startsWith('/api/v1/devops/')).toBe(true);
      expect(d.access).toBe(d.method === 'GET' ? 'release.read' : 'release.write');
    }
  });
});
