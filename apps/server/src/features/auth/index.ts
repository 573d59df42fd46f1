/** What other features use of auth: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export { checkCredentials } from './login.js';
export { endIrcLink, renewIrcLinkToken, startIrcLink } from './irc-links.js';
export { changePassword } from './password-change.js';
export { isLiveSession, listSessions } from './session-list.js';
export { endAccountSessions, endSessionById } from './sessions.js';
export { exportReadyMail } from './mail-templates.js';
export { mailLanguage } from './language.js';
export { findAccountById } from './repo.js';
export { deleteAccount, eraseAccount } from './account-deletion.js';
