import type { ConversationPage, ConversationUser, PrivateMessage } from '@papo/contract/conversations';
import {
  addOutgoing,
  confirmOutgoing,
  failOutgoing,
  mergeMessages,
  receiveMessage,
  retryOutgoing,
  type ChatMessage,
  type OutgoingDraft,
} from './message-list';

/** What the conversation screen holds; messages are changed only through the rules in message-list.ts. */
export interface ConversationState {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  users: ConversationUser[];
  messages: ChatMessage[];
  hasOlder: boolean;
  older: 'idle' | 'loading' | 'error';
  /** Why the last send failed, shown above the input; cleared by the next successful send. */
  sendError: unknown;
}

export type ConversationAction =
  | { type: 'loaded'; page: ConversationPage; myId: number | null }
  | { type: 'failed'; error: unknown }
  | { type: 'reloading' }
  | { type: 'caughtUp'; messages: PrivateMessage[]; myId: number | null }
  | { type: 'received'; message: PrivateMessage; myId: number | null }
  | { type: 'olderStarted' }
  | { type: 'olderLoaded'; page: ConversationPage; myId: number | null }
  | { type: 'olderFailed' }
  | { type: 'outgoing'; draft: OutgoingDraft }
  | { type: 'confirmed'; tempId: string; saved: { id: number; timestamp: string } }
  | { type: 'sendFailed'; tempId: string; error: unknown }
  | { type: 'retried'; tempId: string };

export const initialConversationState: ConversationState = {
  status: 'loading',
  error: null,
  users: [],
  messages: [],
  hasOlder: false,
  older: 'idle',
  sendError: null,
};

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        status: 'ready',
        error: null,
        users: action.page.users,
        messages: mergeMessages(state.messages, action.page.messages, action.myId),
        hasOlder: action.page.hasMore,
      };
    case 'failed':
      return { ...state, status: 'error', error: action.error };
    case 'reloading':
      return { ...state, status: 'loading', error: null };
    case 'caughtUp':
      return { ...state, messages: mergeMessages(state.messages, action.messages, action.myId) };
    case 'received':
      return { ...state, messages: receiveMessage(state.messages, action.message, action.myId) };
    case 'olderStarted':
      return { ...state, older: 'loading' };
    case 'olderLoaded':
      return {
        ...state,
        older: 'idle',
        hasOlder: action.page.hasMore,
        messages: mergeMessages(state.messages, action.page.messages, action.myId),
      };
    case 'olderFailed':
      return { ...state, older: 'error' };
    case 'outgoing':
      return { ...state, messages: addOutgoing(state.messages, action.draft) };
    case 'confirmed':
      return { ...state, sendError: null, messages: confirmOutgoing(state.messages, action.tempId, action.saved) };
    case 'sendFailed':
      return { ...state, sendError: action.error, messages: failOutgoing(state.messages, action.tempId) };
    case 'retried':
      return { ...state, messages: retryOutgoing(state.messages, action.tempId) };
  }
}
