import { clientRooms, type ConversationMessage } from '@papo/contract/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { getSocket, joinRoom, leaveRoom, showRoom } from '../../../lib/socket';
import { conversationsKey } from '../../../lib/conversations/get-conversations';
import { getConversationPage } from '../api/get-conversation-page';
import { sendPrivateMessage } from '../../../lib/conversations/send-private-message';
import { conversationReducer, initialConversationState, type ConversationState } from '../lib/conversation-state';
import { firstSavedId, lastSavedId } from '../lib/message-list';

let tempCounter = 0;

export interface Me {
  id: number | null;
  name: string;
}

export interface ConversationMessages {
  state: ConversationState;
  /** False while the real-time connection is down (it reconnects by itself). */
  online: boolean;
  send(text: string): void;
  retry(tempId: string): void;
  loadOlder(): void;
  reload(): void;
}

/**
 * One conversation's messages: joins room `conversation_<id>`, reads the newest page, adds live
 * `new_message` events once, and after every reconnect fetches what came after the last message held,
 * so nothing is lost or doubled. Mount it once per conversation (key the screen by id).
 */
export function useConversationMessages(conversationId: number, me: Me): ConversationMessages {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(conversationReducer, initialConversationState);
  const [online, setOnline] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const stateRef = useRef(state);
  const meRef = useRef(me);
  useEffect(() => {
    stateRef.current = state;
    meRef.current = me;
  });

  useEffect(() => {
    const room = clientRooms.conversation(conversationId);
    const socket = getSocket();
    let active = true;
    let loaded = false;
    const myId = () => meRef.current.id;
    const refreshList = () => void queryClient.invalidateQueries({ queryKey: conversationsKey });
    showRoom(room);

    const initial = joinRoom(room)
      .then(() => getConversationPage(conversationId))
      .then(
        (page) => {
          if (!active) return;
          loaded = true;
          dispatch({ type: 'loaded', page, myId: myId() });
          // Reading marked the conversation read: the sidebar's unread count changes.
          refreshList();
        },
        (error: unknown) => {
          if (active) dispatch({ type: 'failed', error });
        },
      );

    // the room is joined (and acknowledged) before reading, so a message sent meanwhile arrives live or in the page.
    const catchUp = async () => {
      await joinRoom(room);
      await initial;
      // the held list may be a render behind; starting from an older id only re-reads what de-duplication drops.
      let after = lastSavedId(stateRef.current.messages);
      // Pages forward until the server has nothing newer, so no gap is left however long the reader was away.
      while (active && loaded) {
        const answer = await getConversationPage(conversationId, after === null ? {} : { after });
        if (!active) return;
        dispatch({ type: 'caughtUp', messages: answer.messages, myId: myId() });
        const newest = answer.messages.at(-1)?.id;
        if (after === null || !answer.hasMore || newest === undefined || newest <= after) return;
        after = newest;
      }
    };

    const onMessage = (message: ConversationMessage) => {
      if (message.conversationId !== conversationId) return;
      dispatch({ type: 'received', message, myId: myId() });
      refreshList();
    };
    const onConnect = () => {
      setOnline(true);
      catchUp().catch(() => undefined);
    };
    const onDisconnect = () => setOnline(false);
    socket.on('new_message', onMessage);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    return () => {
      active = false;
      socket.off('new_message', onMessage);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      leaveRoom(room);
      showRoom(null);
    };
  }, [conversationId, queryClient, attempt]);

  // one message on the wire at a time: two calls in flight could be stored in the other order, and both sides would
  // then read the messages in an order nobody typed.
  const sending = useRef<Promise<void>>(Promise.resolve());
  const deliver = useCallback(
    (tempId: string, content: string) => {
      sending.current = sending.current.then(() =>
        sendPrivateMessage(conversationId, content).then(
          (saved) => {
            dispatch({ type: 'confirmed', tempId, saved });
            void queryClient.invalidateQueries({ queryKey: conversationsKey });
          },
          (error: unknown) => dispatch({ type: 'sendFailed', tempId, error }),
        ),
      );
    },
    [conversationId, queryClient],
  );

  const send = useCallback(
    (text: string) => {
      const content = text.trim();
      if (!content) return;
      const { id, name } = meRef.current;
      const tempId = `tmp-${++tempCounter}`;
      dispatch({
        type: 'outgoing',
        draft: { tempId, content, senderId: id ?? 0, senderName: name, timestamp: new Date().toISOString() },
      });
      deliver(tempId, content);
    },
    [deliver],
  );

  const retry = useCallback(
    (tempId: string) => {
      const message = stateRef.current.messages.find((held) => held.key === tempId);
      if (message?.status !== 'failed') return;
      dispatch({ type: 'retried', tempId });
      deliver(tempId, message.content);
    },
    [deliver],
  );

  const loadOlder = useCallback(() => {
    const before = firstSavedId(stateRef.current.messages);
    if (before === null || stateRef.current.older === 'loading') return;
    dispatch({ type: 'olderStarted' });
    getConversationPage(conversationId, { before }).then(
      (page) => dispatch({ type: 'olderLoaded', page, myId: meRef.current.id }),
      () => dispatch({ type: 'olderFailed' }),
    );
  }, [conversationId]);

  const reload = useCallback(() => {
    dispatch({ type: 'reloading' });
    setAttempt((value) => value + 1);
  }, []);

  return { state, online, send, retry, loadOlder, reload };
}
