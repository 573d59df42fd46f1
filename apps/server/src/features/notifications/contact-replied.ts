import { notificationTypes } from '@papo/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { findUserIdByEmail } from './repo.js';
import { notify } from './service.js';

/** What this listener reads of the contact feature's reply event. */
export interface ContactReplyFacts {
  senderEmail: string | null;
  repliedBy: { username: string };
}

/**
 * The contact feature's `onReplied` listener: the member whose account e-mail sent the message learns
 * that staff answered (type `contact_replied`, message the staff username). Anonymous senders and
 * addresses without an account get the mail alone.
 */
export function notifyContactReply(app: FastifyInstance) {
  return async (event: ContactReplyFacts): Promise<void> => {
    if (!event.senderEmail) return;
    const userTo = await findUserIdByEmail(app.db, event.senderEmail);
    if (userTo === undefined) return;
    await notify(app, { userTo, type: notificationTypes.contactReplied, message: event.repliedBy.username });
  };
}
