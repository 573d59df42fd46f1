import { rankNames } from '@papo/contract/peace';
import type { Notification } from '@papo/contract/socket-events';

/** Where clicking a notification leads: a path, the conversation with a member (looked up by name), or nowhere. */
export type NotificationTarget = { kind: 'path'; path: string } | { kind: 'conversationWith'; name: string } | null;

const channelTypes = new Set([
  'mention',
  'channel_level_changed',
  'kicked',
  ...rankNames.map((rank) => `channel_level_${rank}`),
]);

/**
 * The place a notification is about. Channel ones carry `#channel` as their message; a ban leads
 * nowhere since the channel would refuse the member; a contact reply arrived by e-mail.
 */
export function notificationTarget(notification: Notification): NotificationTarget {
  if (
    (notification.type === 'new_private_message' || notification.type === 'conversation_opened') &&
    notification.message
  ) {
    return { kind: 'conversationWith', name: notification.message };
  }
  if (channelTypes.has(notification.type) && /^#[^\s/?#]+$/.test(notification.message)) {
    return { kind: 'path', path: `/${encodeURIComponent(notification.message.slice(1))}` };
  }
  return null;
}
