import { canUserbehavior, USERBEHAVIOR_MESSAGES, userbehaviorApi } from '@portal/contract';
import type { TenantEventType, UserbehaviorAction, UserbehaviorSubscription } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { useDeleteSubscription, useMockSubscription, useSetEnabled } from '../api';

/** The route each action calls: whether the user may (useCan) comes from its descriptor. */
const ROUTES = {
  edit: userbehaviorApi.update,
  enable: userbehaviorApi.enable,
  disable: userbehaviorApi.disable,
  mock: userbehaviorApi.mock,
  delete: userbehaviorApi.remove,
} as const satisfies Record<UserbehaviorAction, unknown>;

/**
 * A subscription's actions as the list and the detail page offer them: shown when the user may call the route,
 * enabled when the contract's state table allows it (USERBEHAVIOR_STATE_ACTIONS). Delete and disable ask first;
 * failures open the spec §8 dialog.
 */
export function useSubscriptionActions(options: { onDeleted?(id: string): void } = {}) {
  const can = useCan();
  const setEnabled = useSetEnabled();
  const mock = useMockSubscription();
  const remove = useDeleteSubscription();
  return {
    /** Whether to show the action at all (privilege). */
    may: (action: UserbehaviorAction) => can(ROUTES[action]),
    /** Whether the subscription's state allows it. */
    allows: (s: UserbehaviorSubscription, action: UserbehaviorAction) => canUserbehavior(s.enabled, action),
    busy: setEnabled.isPending || mock.isPending || remove.isPending,
    toggle(s: UserbehaviorSubscription) {
      const enable = !s.enabled;
      const run = () =>
        setEnabled
          .mutateAsync({ id: s.id, enabled: enable })
          .then(() => feedback().message.success(USERBEHAVIOR_MESSAGES.saved))
          .catch(() => undefined);
      if (enable) return void run();
      confirmAction({
        title: `Disable ${s.name}?`,
        content: 'It stops sending events to its chat until enabled again. It can still send test events.',
        okText: 'Disable',
        danger: true,
        onOk: run,
      });
    },
    /** Sends a sample of `type` (the subscription's first event type when omitted) to its chat. */
    sendTest(s: UserbehaviorSubscription, type?: TenantEventType) {
      const eventType = type ?? s.event_types[0];
      void mock
        .mutateAsync({ id: s.id, body: { event_type: eventType } })
        .then(() => feedback().message.success(USERBEHAVIOR_MESSAGES.sent))
        .catch(() => undefined);
    },
    remove(s: UserbehaviorSubscription) {
      confirmAction({
        title: `Delete ${s.name}?`,
        content: `It stops sending events to ${s.chat_name}. The messages it sent stay in the chat outbox.`,
        okText: 'Delete',
        danger: true,
        onOk: () =>
          remove
            .mutateAsync(s.id)
            .then(() => {
              feedback().message.success(USERBEHAVIOR_MESSAGES.deleted);
              options.onDeleted?.(s.id);
            })
            .catch(() => undefined),
      });
    },
  };
}
