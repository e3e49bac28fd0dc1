import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors.js';
import {
  addChatBody,
  canUserbehavior,
  isWebhookUrl,
  USERBEHAVIOR_ACTIONS,
  USERBEHAVIOR_MESSAGES,
  userbehaviorApi,
  userbehaviorListQuery,
  userbehaviorSubscriptionBody,
} from './userbehavior.js';

describe('user-behaviour messages (spec §8, verbatim)', () => {
  it('pins the success messages', () => {
    expect(USERBEHAVIOR_MESSAGES.created).toBe('Create successful!');
    expect(USERBEHAVIOR_MESSAGES.saved).toBe('Save successful!');
    expect(USERBEHAVIOR_MESSAGES.sent).toBe('Sent.');
  });
});

describe('user-behaviour state table', () => {
  it('enables disable when enabled and enable when disabled; edit, mock and delete in both', () => {
    const allowed = (enabled: boolean) => USERBEHAVIOR_ACTIONS.filter((a) => canUserbehavior(enabled, a));
    expect(allowed(true)).toEqual(['edit', 'disable', 'mock', 'delete']);
    expect(allowed(false)).toEqual(['edit', 'enable', 'mock', 'delete']);
  });
});

describe('user-behaviour requests', () => {
  const body = { name: ' Watch ', event_types: ['payment.failed', 'tenant.signed_up'], chat_id: '2' };

  it('a subscription: every tenant when the tenant is empty or absent; event types deduplicated in order', () => {
    expect(userbehaviorSubscriptionBody.parse({ ...body, tenant_id: '' })).toEqual({
      name: 'Watch',
      tenant_id: null,
      event_types: ['tenant.signed_up', 'payment.failed'],
      chat_id: '2',
      enabled: true,
    });
    expect(userbehaviorSubscriptionBody.parse(body).tenant_id).toBeNull();
    expect(userbehaviorSubscriptionBody.parse({ ...body, tenant_id: ' 42 ', enabled: false })).toMatchObject({
      tenant_id: '42',
      enabled: false,
    });
    expect(
      userbehaviorSubscriptionBody.parse({ ...body, event_types: ['cluster.created', 'cluster.created'] }).event_types,
    ).toEqual(['cluster.created']);
    const messages = (input: object) =>
      userbehaviorSubscriptionBody.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ ...body, name: '  ' })).toEqual([USERBEHAVIOR_MESSAGES.nameRequired]);
    expect(messages({ ...body, event_types: [] })).toEqual([USERBEHAVIOR_MESSAGES.eventTypesRequired]);
    expect(messages({ ...body, chat_id: undefined })).toEqual([USERBEHAVIOR_MESSAGES.chatRequired]);
    expect(messages({ ...body, event_types: ['incident.opened'] })).toHaveLength(1);
  });

  it('a chat: an https webhook URL of a named host, without credentials', () => {
    for (const ok of [
      'https://open.feishu.cn/open-apis/bot/v2/hook/5f0c2b1e',
      'https://open.larksuite.com/open-apis/bot/v2/hook/x?sign=1',
      'https://hooks.slack.com:443/services/T/B/X',
    ])
      expect(isWebhookUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://open.feishu.cn/hook',
      'https://user:pw@open.feishu.cn/hook',
      'https://user@open.feishu.cn/hook',
      'https:///hook',
      'ftp://a.b/c',
      'https://a.b/has space',
      'open.feishu.cn/hook',
    ])
      expect(isWebhookUrl(bad), bad).toBe(false);
    expect(addChatBody.parse({ name: ' #growth ', webhook_url: ' https://a.b/c ' })).toEqual({
      name: '#growth',
      webhook_url: 'https://a.b/c',
    });
    expect(addChatBody.safeParse({ name: '#x', webhook_url: 'http://a.b' }).error?.issues[0]?.message).toBe(
      USERBEHAVIOR_MESSAGES.webhookInvalid,
    );
  });

  it('the list: 10 per page, newest first, any of several event types', () => {
    expect(userbehaviorListQuery.parse({})).toMatchObject({ page: 1, per_page: 10, sort: '-created_at' });
    expect(userbehaviorListQuery.parse({ event_type: 'payment.failed' }).event_type).toEqual(['payment.failed']);
    expect(userbehaviorListQuery.safeParse({ scope: 'some' }).success).toBe(false);
  });
});

describe('user-behaviour routes', () => {
  it('read with userbehavior.read, change with userbehavior.write, under /api/v1/devops/userbehavior/subscriptions', () => {
    for (const [name, d] of Object.entries(userbehaviorApi)) {
      expect(d.path.startsWith('/api/v1/devops/userbehavior/subscriptions'), name).toBe(true);
      expect(d.access, name).toBe(d.method === 'GET' ? 'userbehavior.read' : 'userbehavior.write');
    }
  });

  it('has its error codes in the catalogue', () => {
    expect(errorCatalogue['userbehavior.notFound'].status).toBe(404);
    expect(errorCatalogue['userbehavior.stateForbids'].status).toBe(409);
    expect(errorCatalogue['userbehavior.chatExists'].status).toBe(409);
    expect(errorCatalogue['userbehavior.tenantNotFound'].status).toBe(400);
    expect(errorCatalogue['userbehavior.chatNotFound'].status).toBe(400);
  });
});
