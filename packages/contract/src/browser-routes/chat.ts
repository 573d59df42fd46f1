// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of chat.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../chat.js';

export const chatRoutes: BrowserRoutes<typeof definitions.chatRoutes> = {
  sendMessage: { method: 'POST', path: '/api/send-message', auth: 'member', body: 'json' },
  latestTopic: { method: 'POST', path: '/api/latest-topic', auth: 'member', body: 'json' },
  updateTopic: { method: 'PUT', path: '/api/topic', auth: 'member', body: 'json' },
  channelLevel: { method: 'POST', path: '/api/channel-level', auth: 'member', body: 'json' },
  kick: { method: 'POST', path: '/api/kick', auth: 'member', body: 'json' },
  ban: { method: 'POST', path: '/api/ban', auth: 'member', body: 'json' },
  unban: { method: 'POST', path: '/api/unban', auth: 'member', body: 'json' },
  favoriteChannels: { method: 'GET', path: '/api/favorite-channels', auth: 'member' },
  addFavoriteChannel: { method: 'POST', path: '/api/favorite-channels', auth: 'member', body: 'json' },
  removeFavoriteChannel: { method: 'DELETE', path: '/api/favorite-channels/:name', auth: 'member' },
  whois: { method: 'GET', path: '/api/nickserv-whois', auth: 'member', query: ['username'] },
};
