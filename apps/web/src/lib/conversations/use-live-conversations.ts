import { notificationTypes } from '@papo/contract/notifications';
import type { Notification } from '@papo/contract/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '../socket';
import { conversationsKey } from './get-conversations';

const aboutConversations = new Set<string>([notificationTypes.privateMessage, notificationTypes.conversationOpened]);

/**
 * Keeps the member's conversation list (the sidebar, the tabs, the unread badges) live: the server tells a member of
 * each private message they are not looking at, and of each conversation someone else opens, with a notification to
 * their own room; each one reads the list again, so a new conversation appears at once and a badge follows each message.
 * the server sends each notification under two names (the spec's two services); one of them is enough here.
 */
export function useLiveConversations(userId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const socket = getSocket();
    const onNotification = (notification: Notification) => {
      if (notification.userTo !== userId || !aboutConversations.has(notification.type)) return;
      // a read under way (a burst of messages) is joined, not cancelled for a second one.
      void queryClient.invalidateQueries({ queryKey: conversationsKey }, { cancelRefetch: false });
    };
    socket.on('new-notification', onNotification);
    return () => {
      socket.off('new-notification', onNotification);
    };
  }, [userId, queryClient]);
}
