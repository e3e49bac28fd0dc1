import { expect, test, type Page } from '@playwright/test';
import { auditsApi, USERBEHAVIOR_MESSAGES, USERBEHAVIOR_TEST_PREFIX, userbehaviorApi } from '@portal/contract';
import type { AuditLog, ChatMessage, ListResult, UserbehaviorSubscription } from '@portal/contract';
import { ancestorWithClass, apiGet, chooseOption, expectToast, OPERATOR, signedInPage } from './helpers.js';

/**
 * User-behaviour subscriptions through the UI (spec §2 /userbehavior_subscriptions; §7 "userbehavior subscriptions:
 * CRUD, add_chat, larkchat_options, mock"; §8 messages): an operator registers a chat (Add chat), creates a
 * subscription to failed payments of every tenant delivered to it (the fields validate first), opens it from the
 * list, sends a test event and sees the message in its chat messages, recorded by the embedded outbox; the audit
 * logs hold the creation and the test. Names carry a run id: the chat name is unique.
 */

const RUN = Date.now().toString(36);
const CHAT = `#e2e-growth-${RUN}`;
const WEBHOOK = `https://open.feishu.cn/open-apis/bot/v2/hook/e2e-${RUN}`;
const NAME = `e2e failed payments ${RUN}`;
const M = USERBEHAVIOR_MESSAGES;

/** A fact of a detail page (antd Descriptions cells). */
const fact = (page: Page, label: string) => page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }).first();

const choose = chooseOption;

test('user-behaviour subscription: add chat → create → send test event → message listed, audit listed', async ({
  browser,
}) => {
  const page = await signedInPage(browser, '/userbehavior_subscriptions', OPERATOR);
  const table = page.getByRole('table', { name: 'User-behavior subscriptions' });
  // The demo's subscriptions are listed (newest first: which ones are on page 1 depends on earlier runs).
  await expect(table.getByRole('row').nth(1).getByRole('link').first()).toBeVisible();

  // Add chat: an https webhook only; the URL is never shown again.
  await page.getByRole('button', { name: 'Add chat' }).click();
  const addChat = page.getByRole('dialog', { name: 'Add chat' });
  await addChat.getByLabel('Chat name').fill(CHAT);
  await addChat.getByLabel('Incoming webhook URL').fill(WEBHOOK.replace('https:', 'http:'));
  await addChat.getByRole('button', { name: 'Add' }).click();
  await expect(addChat.getByText(M.webhookInvalid, { exact: true })).toBeVisible();
  await addChat.getByLabel('Incoming webhook URL').fill(WEBHOOK);
  await addChat.getByRole('button', { name: 'Add' }).click();
  await expectToast(page, M.created);
  await expect(addChat).toBeHidden();

  // New subscription: the fields validate first; then every tenant's failed payments to the new chat.
  await page.getByRole('button', { name: 'New subscription' }).click();
  const form = page.getByRole('dialog', { name: 'New subscription' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText(M.nameRequired, { exact: true })).toBeVisible();
  await expect(form.getByText(M.eventTypesRequired, { exact: true })).toBeVisible();
  await expect(form.getByText(M.chatRequired, { exact: true })).toBeVisible();
  await form.getByLabel('Name').fill(NAME);
  await expect(ancestorWithClass(form.getByLabel('Tenant', { exact: true }), 'ant-select')).toContainText(
    'All tenants',
  );
  await form.getByLabel('Payment failed').check();
  await choose(page, form.getByLabel('Chat', { exact: true }), CHAT);
  await form.getByRole('button', { name: 'Create' }).click();
  // The newest toast comes first; the chat's "Create successful!" may still be fading out below it.
  await expectToast(page, M.created);
  await expect(form).toBeHidden();

  // Found by its name in the list (the filter is in the URL), opened from there.
  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.waitForURL(/search=/);
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
  await expect(row).toContainText('All tenants');
  await expect(row).toContainText('Payment failed');
  await expect(row).toContainText(CHAT);
  await expect(row).toContainText('Enabled');
  await row.getByRole('link', { name: NAME, exact: true }).click();
  await page.waitForURL(/\/userbehavior_subscriptions\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(fact(page, 'Chat')).toContainText(CHAT);
  await expect(fact(page, 'Tenant')).toContainText('All tenants');

  // Send test event: the message shows at once and is recorded by the outbox (the panel reloads while queued).
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expectToast(page, M.sent);
  const messages = page.getByRole('table', { name: 'Chat messages' });
  const title = `${USERBEHAVIOR_TEST_PREFIX} Payment failed for Example Tenant`;
  const message = messages.getByRole('row').filter({ hasText: title });
  await expect(message).toBeVisible();
  await expect(message).toContainText(CHAT);
  await expect(message).toContainText('recorded', { timeout: 20_000 });
  const sent = await apiGet<ListResult<ChatMessage>>(page, '/api/v1/devops/chat_messages', {
    source_type: 'userbehavior_subscription',
    source_id: id,
  });
  expect(sent.items.map((m) => `${m.title}:${m.status}:${m.target}`)).toEqual([`${title}:recorded:${CHAT}`]);
  expect(JSON.stringify(sent)).not.toContain(WEBHOOK);

  // The audit logs: the creation and the test.
  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  const audit = page.getByRole('table', { name: 'Audit logs' });
  for (const operation of ['create', 'mock'])
    await expect(audit.getByRole('cell', { name: operation, exact: true })).toBeVisible();
  const logs = await apiGet<ListResult<AuditLog>>(page, auditsApi.list.path, {
    type: 'userbehavior_subscription',
    instance_id: id,
    sort: 'operate_at',
  });
  expect(logs.items.map((l) => `${l.operation}:${l.operator}`)).toEqual([`create:${OPERATOR}`, `mock:${OPERATOR}`]);
  const { subscription } = await apiGet<{ subscription: UserbehaviorSubscription }>(
    page,
    userbehaviorApi.detail.path.replace(':id', id),
  );
  expect(subscription).toMatchObject({
    name: NAME,
    tenant_id: null,
    event_types: ['payment.failed'],
    message_count: 1,
  });
  await page.context().close();
});
