import { createHash } from 'node:crypto';
import type { PushKind, PushMessage } from '@papo/contract/push';
import { rooms, type Notification } from '@papo/contract/socket-events';

/** What the code that stored a notification knows beyond its row, for the push: where it happened and who did it. */
export interface NotificationAbout {
  /** The private conversation of a `new_private_message`. */
  conversationId?: number;
  /** Who mentioned the member (a `mention`). */
  by?: string;
}

/** One push of a notification, before it is encrypted for each device. */
export interface PlannedPush {
  /** The room a tab of the member shows when it shows the place; a member with a tab there is not pushed. */
  room: string;
  message: Omit<PushMessage, 'language'>;
  urgency: 'normal' | 'high';
  /** The push service keeps only the newest undelivered message of a conversation or channel. */
  topic: string;
}

const channelName = /^#([^\s/?#]+)$/;

function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/**
 * The push of a notification: its tag (one per conversation or channel, so a later one replaces the earlier on the
 * device), where clicking leads (the paths the bell opens) and the room that counts as looking at it. The body
 * names people and places only: the notification row never holds a message's text.
 */
export function planPush(
  notification: Notification,
  kind: PushKind,
  about: NotificationAbout = {},
): PlannedPush | null {
  const base = { id: notification.id, type: notification.type, name: notification.message };
  if (kind === 'private_message') {
    if (about.conversationId === undefined) return null;
    const tag = `pvt-${about.conversationId}`;
    return {
      room: rooms.conversation(about.conversationId),
      message: { ...base, url: `/pvt/${about.conversationId}`, tag },
      urgency: 'high',
      topic: topicOf(tag),
    };
  }
  if (kind === 'contact_reply') {
    // every tab shows the bell that tells of it; the place is any tab at all.
    const tag = 'contact';
    return {
      room: rooms.user(notification.userTo),
      message: { ...base, url: '/', tag },
      urgency: 'normal',
      topic: topicOf(tag),
    };
  }
  const channel = channelName.exec(notification.message)?.[1];
  if (!channel) return null;
  const tag = `channel-${channel}`;
  // a banned member could not open the channel; the list of channels is where they can go.
  const url = notification.type === 'banned' ? '/channels' : `/${encodeURIComponent(channel)}`;
  const message = { ...base, url, tag, ...(kind === 'mention' && about.by ? { by: about.by } : {}) };
  return {
    room: rooms.channel(channel),
    message,
    urgency: kind === 'mention' ? 'high' : 'normal',
    topic: topicOf(tag),
  };
}
