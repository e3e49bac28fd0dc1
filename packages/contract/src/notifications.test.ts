import { describe, expect, it } from 'vitest';
import { TENANT_EVENT_TYPES } from './events.js';
import {
  canNotificationWorkflow,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TRIGGERS,
  NOTIFICATION_WORKFLOW_ACTIONS,
  notificationRangeDays,
  notificationStatisticsQuery,
  notificationTemplateErrors,
  notificationWorkflowBody,
  renderNotificationTemplate,
} from './notifications.js';

describe('notification workflows (contract)', () => {
  it('pins the spec §8 success messages', () => {
    expect(NOTIFICATION_MESSAGES.created).toBe('Create successful!');
    expect(NOTIFICATION_MESSAGES.saved).toBe('Save successful!');
  });

  it('offers the staff-facing events as triggers, not the tenants’ user-behaviour ones', () => {
    for (const t of TENANT_EVENT_TYPES) expect(NOTIFICATION_TRIGGERS).not.toContain(t);
    expect(NOTIFICATION_TRIGGERS).toContain('approval.pending');
  });

  it('deletes only a disabled workflow and toggles by state', () => {
    expect(NOTIFICATION_WORKFLOW_ACTIONS).toEqual({
      enabled: ['disable', 'edit'],
      disabled: ['enable', 'edit', 'delete'],
    });
    expect(canNotificationWorkflow(true, 'delete')).toBe(false);
    expect(canNotificationWorkflow(false, 'delete')).toBe(true);
    expect(canNotificationWorkflow(true, 'enable')).toBe(false);
  });

  it('finds unknown and unclosed placeholders', () => {
    expect(notificationTemplateErrors('{{ title }} {{summary}} {{link}}')).toEqual([]);
    expect(notificationTemplateErrors('{{tilte}} {{tilte}} {{x}}')).toEqual([
      NOTIFICATION_MESSAGES.unknownPlaceholder(['tilte', 'x']),
    ]);
    expect(notificationTemplateErrors('see {{link')).toEqual([NOTIFICATION_MESSAGES.unclosedPlaceholder]);
    expect(notificationTemplateErrors('odd }} brace')).toEqual([NOTIFICATION_MESSAGES.unclosedPlaceholder]);
    expect(NOTIFICATION_MESSAGES.unknownPlaceholder(['a', 'b'])).toMatch(
      /^unknown placeholders \{\{a\}\}, \{\{b\}\}: use \{\{title\}\}/,
    );
  });

  it('renders in one pass, without control characters, subjects on one line', () => {
    const values = { title: 'A\r\nBcc: x@y.z', summary: 'has {{link}}\u0007', link: 'http://p/x' };
    expect(
      renderNotificationTemplate('{{title}} | {{ summary }} | {{link}} | {{actor}}', values, { singleLine: true }),
    ).toBe('A Bcc: x@y.z | has {{link}} | http://p/x |');
    expect(renderNotificationTemplate('{{title}}\n{{summary}}', values)).toBe('A\r\nBcc: x@y.z\nhas {{link}}');
  });

  it('validates the workflow body and the statistics range', () => {
    const ok = notificationWorkflowBody.safeParse({
      name: ' On-call ',
      trigger: 'incident.opened',
      channels: ['chat'],
      subject: '{{title}}',
      body: '{{summary}}',
    });
    expect(ok.success && ok.data).toMatchObject({ name: 'On-call', audience: { users: [], roles: [] }, enabled: true });
    const bad = notificationWorkflowBody.safeParse({
      name: 'x',
      trigger: 'incident.opened',
      channels: ['in_portal'],
      subject: 's',
      body: 'b',
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['audience', NOTIFICATION_MESSAGES.audienceRequired],
    ]);
    expect(notificationRangeDays('2026-01-01', '2026-01-01')).toBe(1);
    expect(notificationRangeDays('2026-01-01', '2026-03-31')).toBe(90);
    expect(notificationStatisticsQuery.safeParse({ from: '2026-01-01', to: '2026-03-31' }).success).toBe(true);
    expect(
      notificationStatisticsQuery.safeParse({ from: '2026-01-01', to: '2026-04-01' }).error?.issues[0]?.message,
    ).toBe(NOTIFICATION_MESSAGES.rangeTooLong);
  });
});
