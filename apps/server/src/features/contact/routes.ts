import {
  contactHoneypotField,
  contactRateLimit,
  contactRateWindowMs,
  contactRoutes as routes,
  type ContactSentResponse,
} from '@papo/contract/contact';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
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

  serve(
    app,
    routes.form,
    async ({ body, request }) => {
      await storeContactMessage(app.db, body, { source: 'contact', ip: request.ip });
      return sent;
    },
    {
      config: perIpLimit,
      readBody: readFormFields,
      answerUnparsed(fields, request) {
        if (!isHoneypotFilled(fields)) return undefined;
        request.log.info('contact form honeypot filled; message dropped');
        return sent;
      },
    },
  );

  serve(
    app,
    routes.chat,
    async ({ body, request }) => {
      await storeContactMessage(app.db, body, { source: 'home_chat', ip: request.ip });
      return sent;
    },
    { config: perIpLimit },
  );

  serve(app, routes.mailbox, async ({ query: { page, limit } }) => {
    const { contacts, total } = await listContactMessages(app.db, { offset: (page - 1) * limit, limit });
    return { contacts, total, page, limit };
  });

  serve(app, routes.message, async ({ params }) => {
    const contact = await findContactMessage(app.db, params.id);
    if (!contact) throw httpError(404, 'contact_not_found');
    return contact;
  });

  serve(app, routes.reply, async ({ params, body, user, request }) => {
    const deps = { db: app.db, mailer: app.mailer, log: request.log, listeners: opts.onReplied ?? [] };
    const { repliedAt } = await replyToContact(deps, params.id, body, user);
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
