import { codeIn, latestMailTo, type OutboxMail } from '../../apps/server/src/test/mail.js';
import type { RunningServer } from './server.js';

/** The newest mail the running server wrote to its outbox (no SMTP_URL) for `to`, waiting for it to land. */
export function mailTo(server: RunningServer, to: string): Promise<OutboxMail> {
  return latestMailTo(server.dataDir, to);
}

/** The verification code of the newest mail to `to`. */
export async function codeMailedTo(server: RunningServer, to: string): Promise<string> {
  return codeIn(await mailTo(server, to));
}
