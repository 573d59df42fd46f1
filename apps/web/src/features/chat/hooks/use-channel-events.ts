import type { UserBannedEvent, UserKickedEvent } from '@papo/contract/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getSocket, joinRoom, leaveRoom, onRoomRefused } from '../../../lib/socket';
import { topicKey, type TopicData } from '../api/latest-topic';
import { levelName } from '../lib/levels';
import { selfUserId } from '../lib/self';
import { channelKey, lineFromMessage, systemLine, type SystemKey, type SystemParams, type SystemTone } from '../store/chat-line';
import { addLine, addUser, getChatState, patchUser, removeUser, setUserChannelLevel, setUserNickname, setUsers } from '../store/chat-store';
import type { ChannelStatus, Removal } from './channel-status';
import { subscribeChannelEvents, type ChannelHandlers } from './channel-subscription';


/**
 * Subscribes the screen to one channel: joins its room (leaving it on unmount; founding it only through
 * `create`, after the member said yes to a `channel_not_found` refusal), keeps the store's
 * lines, users and levels in step with the room's events and tells the screen where the member stands.
 */
export function useChannelEvents(channel: string): { status: ChannelStatus; rejoin: () => void; create: () => void } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ChannelStatus>({ kind: 'joining' });
  // NOTE: `create` is true only for the attempt the member started by saying yes to founding the channel.
  const [attempt, setAttempt] = useState({ count: 0, create: false });

  useEffect(() => {
    const room = `#${channel}`;
    const socket = getSocket();
    const self = selfUserId();
    const say = (key: SystemKey, params: SystemParams, tone: SystemTone, detail?: string | null) =>
      addLine(systemLine(channel, key, params, tone, detail));
    let ownBan: Removal['ban'] | undefined;
    // NOTE: a kick is followed by the spec's `user-left`; its line already says the user went.
    const kicked = new Set<number>();
    let joinedShown = false;

    const removed = (event: UserKickedEvent | UserBannedEvent, kickedNow: boolean) => {
      setStatus((current) => {
        const before = current.kind === 'removed' ? current.removal : undefined;
        return {
          kind: 'removed',
          removal: { by: event.by, reason: event.reason ?? before?.reason ?? null, kicked: kickedNow || (before?.kicked ?? false), ban: ownBan },
        };
      });
    };

    const handlers: ChannelHandlers = {
      users: (users, target) => {
        if (target !== room) return;
        setUsers(channel, users);
        setStatus((current) => (current.kind === 'removed' ? current : { kind: 'joined' }));
      },
      // NOTE: a join storm arrives batched: the spec's payload, then each further joiner's user (decisions 014, 022).
      'user-joined': (first, ...more) => {
        if (first.room !== room) return;
        for (const user of [first.user, ...more]) {
          addUser(channel, user);
          if (user.id !== self) say('join', { nickname: user.nickname, channel }, 'join');
          else if (!joinedShown) say('joinedSelf', { channel }, 'join');
          // NOTE: a rejoin after a reconnect brings the member's own join back; the screen says it once.
          if (user.id === self) joinedShown = true;
        }
      },
      'user-left': (userId, target, ...more) => {
        if (target !== room) return;
        for (const id of [userId, ...more]) {
          const user = getChatState().onlineUsers[channel]?.find((entry) => entry.id === id);
          removeUser(channel, id);
          if (user && !kicked.delete(id)) say('part', { nickname: user.nickname, channel }, 'part');
        }
      },
      'nickname-changed': (user) => {
        patchUser(user.id, { nickname: user.nickname });
        if (user.id === self) setUserNickname(user.nickname);
      },
      'user-changed-nickname': ({ oldNickname, newNickname }) => {
        say('nick', { oldNickname, newNickname }, 'nick');
        if (oldNickname === getChatState().userNickname) setUserNickname(newNickname);
      },
      'new-message': (message) => {
        if (channelKey(message.channel) === channel) addLine(lineFromMessage(message));
      },
      'topic-updated': ({ content, channel: target }) => {
        if (target !== room) return;
        queryClient.setQueryData<TopicData>(topicKey(channel), (old) => (old ? { ...old, topic: content || null } : old));
        if (content) say('topic', { topic: content }, 'topic');
        else say('topicCleared', {}, 'topic');
      },
      'level-changed': ({ channel: target, userId, nickname, level }) => {
        if (target !== room) return;
        patchUser(userId, { level }, channel);
        say('level', { nickname, levelKey: `levels.became.${levelName(level)}` }, 'level');
        if (userId === self) setUserChannelLevel(channel, level);
      },
      'user-kicked': (event) => {
        if (event.channel !== room) return;
        kicked.add(event.userId);
        if (event.userId !== self) {
          say('kick', { nickname: event.nickname, by: event.by }, 'moderation', event.reason);
          return;
        }
        say('kickedSelf', { channel, by: event.by }, 'moderation', event.reason);
        // NOTE: the server took every tab out of the room; forgetting it stops the reconnect handler rejoining.
        leaveRoom(room);
        removed(event, true);
      },
      'user-banned': (event) => {
        if (event.channel !== room) return;
        const until: SystemParams = event.expiresAt ? { untilTime: event.expiresAt } : {};
        const mine = event.userId === self;
        const key = mine ? (event.expiresAt ? 'bannedSelf' : 'bannedSelfPermanent') : event.expiresAt ? 'ban' : 'banPermanent';
        say(key, { nickname: event.nickname, by: event.by, channel, ...until }, 'moderation', event.reason);
        if (mine) ownBan = { expiresAt: event.expiresAt };
      },
      'user-unbanned': (event) => {
        if (event.channel !== room) return;
        if (event.userId === self) {
          ownBan = undefined;
          say('unbannedSelf', { channel, by: event.by }, 'moderation');
        } else {
          say('unban', { nickname: event.nickname, by: event.by }, 'moderation');
        }
      },
    };

    const unsubscribe = subscribeChannelEvents(socket, handlers);

    let active = true;
    // NOTE: the answer comes back once connected, so a refusal (a ban) is shown, not an endless 'joining'.
    const joining = attempt.create ? joinRoom(room, { create: true }) : joinRoom(room);
    void joining.then((answer) => {
      if (!active || answer.ok) return;
      const until = answer.retryAfter === undefined ? undefined : new Date(Date.now() + answer.retryAfter * 1000);
      setStatus({ kind: 'refused', message: answer.message ?? 'join_failed', until });
    });
    // NOTE: after a reconnect the socket module rejoins by itself; a refusal then (a ban set while away) ends up here.
    const stopHearingRefusals = onRoomRefused((refusedRoom, message) => {
      if (refusedRoom === room) setStatus({ kind: 'refused', message });
    });

    return () => {
      active = false;
      stopHearingRefusals();
      unsubscribe();
      leaveRoom(room);
    };
  }, [channel, attempt, queryClient]);

  const retry = (create: boolean) => {
    setStatus({ kind: 'joining' });
    setAttempt((value) => ({ count: value.count + 1, create }));
  };

  return { status, rejoin: () => retry(false), create: () => retry(true) };
}
