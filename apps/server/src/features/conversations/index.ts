/** What other features use of conversations: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { createMessaging } from './messaging.js';
export { listUserConversations, readConversation, startConversation } from './service.js';
export { conversationsWithOther } from './repo.js';
