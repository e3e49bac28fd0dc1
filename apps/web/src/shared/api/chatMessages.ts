import type { ChatMessageListQuery } from '@portal/contract';

/**
 * The query keys of the chat messages (the portal's chat outbox, `eventsApi.chatMessages`), read by
 * shared/ui/ChatMessagesPanel on the pages of every area that sends chat notices. An area refreshes them after an
 * action that sends one with `invalidateQueries({ queryKey: chatMessagesKeys.all })`.
 */
export const chatMessagesKeys = {
  all: ['chat_messages'] as const,
  list: (query: ChatMessageListQuery) => ['chat_messages', 'list', query] as const,
};
