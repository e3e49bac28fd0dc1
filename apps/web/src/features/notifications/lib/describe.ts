import type { NotificationWorkflow } from '@portal/contract';

/** A workflow's audience in a few words: "The event's recipients; roles admin; 2 users". */
export function audienceText(w: Pick<NotificationWorkflow, 'audience' | 'channels'>): string {
  const a = w.audience;
  const parts: string[] = [];
  if (a.event_recipients) parts.push("The event's recipients");
  if (a.roles.length) parts.push(`${a.roles.length > 1 ? 'roles' : 'role'} ${a.roles.join(', ')}`);
  if (a.users.length) parts.push(a.users.length > 2 ? `${a.users.length} users` : a.users.join(', '));
  if (parts.length) return parts.join('; ');
  return w.channels.includes('chat') ? 'The chat only' : '-';
}
