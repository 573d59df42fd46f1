import { codeIn, latestMailTo, type OutboxMail } from '../../apps/server/src/test/mail.js';
import type { RunningServer } from './server.js';

/**
 * The newest mail the running server wrote to its outbox (no SMTP_URL) for `to`, waiting until `count` mails to them
 * have landed (a page says "sent" before the mail is written, so a second mail is waited for by its number).
 */
export function mailTo(server: RunningServer, to: string, count = 1): Promise<OutboxMail> {
  return latestMailTo(server.dataDir, to, count);
}

/** The verification code of the newest mail to `to`. */
export async function codeMailedTo(server: RunningServer, to: string): Promise<string> {
  return codeIn(await mailTo(server, to));
}
