// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of conversations.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../conversations.js';

export const blockRoutes: BrowserRoutes<typeof definitions.blockRoutes> = {
  list: { method: 'GET', path: '/api/blocks', auth: 'member' },
  block: { method: 'POST', path: '/api/blocks', auth: 'member', body: 'json' },
  unblock: { method: 'DELETE', path: '/api/blocks/:userId', auth: 'member' },
};

export const conversationRoutes: BrowserRoutes<typeof definitions.conversationRoutes> = {
  add: { method: 'POST', path: '/api/add-conversation', auth: 'member', body: 'json' },
  list: { method: 'GET', path: '/api/conversations', auth: 'member', query: ['selectedConversationId'] },
  page: { method: 'POST', path: '/api/conversations/:id', auth: 'member', query: ['before', 'after'] },
  send: { method: 'POST', path: '/api/conversations/private/messages', auth: 'member', body: 'json' },
  typing: { method: 'POST', path: '/api/typing', auth: 'member', body: 'json' },
};
