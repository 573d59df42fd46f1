/** What other features use of chat: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { findChannel } from './channel-repo.js';
export type { ChatContext } from './context.js';
export { changeChannelLevel } from './level-service.js';
export { sendChannelMessage } from './message-service.js';
export { banUser, kickUser, listBans, unbanUser } from './moderation-service.js';
export { updateTopic } from './topic-service.js';
export { whois } from './whois.js';
