import {
  contactBody,
  contactChatBody,
  contactHoneypotField,
  contactParams,
  contactRateLimit,
  contactRateWindowMs,
  contactReplyBody,
  mailboxQuery,
  type ContactDetail,
  type ContactReplyResponse,
  type ContactSentResponse,
  type MailboxPage,
} from '@papo/contract/contact';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireStaff } from '../../lib/guard.js';
import { httpError, parseBody, parseParams, parseQuery } from '../../lib/http-error.js';
import { readFormFields } from './form.js';
import { findContactMessage, listContactMessages } from './repo.js';
import { replyToContact, storeContactMessage, type ContactRepliedListener } from './service.js';
import { isRecord } from '@papo/contract/records';

export interface ContactRoutesOptions {
  /** Called after a reply was mailed and recorded (the hook for notifying the sender). */
  onReplied?: readonly ContactRepliedListener[];
}

const sent: ContactSentResponse = { message: 'contact_sent' };

/** Per IP and route; counters live in Redis when REDIS_URL is set (lib/rate-limit.ts). */
const perIpLimit = { rateLimit: { max: contactRateLimit, timeWindow: contactRateWindowMs } };

/**
 * The public contact calls (`POST /api/contact`, `POST /api/contact/chat`) and the staff mailbox
 * (`GET /api/mailbox`, `GET /api/contacts/{id}`, `POST /api/contacts/{id}/reply`), staff only whatever the client sends.
 */
export const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, opts) => {
  if (!app.hasDecorator('mailer')) throw new Error('contactRoutes needs app.mailer: register mailerPlugin first');
  if (!app.hasRequestDecorator('isMultipart'))
    throw new Error('contactRoutes needs @fastify/multipart registered on the app');

  app.post('/api/contact', { config: perIpLimit }, async (request): Promise<ContactSentResponse> => {
    const fields = await readFormFields(request);
    if (isHoneypotFilled(fields)) {
      request.log.info('contact form honeypot filled; message dropped');
      return sent;
    }
    const body = parseBody(contactBody, fields);
    await storeContactMessage(app.db, body, { source: 'contact', ip: request.ip });
    return sent;
  });

  app.post('/api/contact/chat', { config: perIpLimit }, async (request): Promise<ContactSentResponse> => {
    const body = parseBody(contactChatBody, request.body);
    await storeContactMessage(app.db, body, { source: 'home_chat', ip: request.ip });
    return sent;
  });

  app.get('/api/mailbox', { preHandler: requireStaff }, async (request): Promise<MailboxPage> => {
    const { page, limit } = parseQuery(mailboxQuery, request.query);
    const { contacts, total } = await listContactMessages(app.db, { offset: (page - 1) * limit, limit });
    return { contacts, total, page, limit };
  });

  app.get('/api/contacts/:id', { preHandler: requireStaff }, async (request): Promise<ContactDetail> => {
    const { id } = parseParams(contactParams, request.params);
    const contact = await findContactMessage(app.db, id);
    if (!contact) throw httpError(404, 'contact_not_found');
    return contact;
  });

  app.post('/api/contacts/:id/reply', { preHandler: requireStaff }, async (request): Promise<ContactReplyResponse> => {
    const { id } = parseParams(contactParams, request.params);
    const reply = parseBody(contactReplyBody, request.body);
    const deps = { db: app.db, mailer: app.mailer, log: request.log, listeners: opts.onReplied ?? [] };
    const { repliedAt } = await replyToContact(deps, id, reply, currentUser(request));
    return { message: 'reply_sent', repliedAt };
  });
};

/** Any value in the hidden field marks a bot; it gets the success answer so it has no reason to retry. */
function isHoneypotFilled(body: unknown): boolean {
  if (!isRecord(body)) return false;
  const value = body[contactHoneypotField];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}
