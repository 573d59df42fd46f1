import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: SMTP when SMTP_URL is set, else `.eml` files in DATA_DIR/outbox. */
    mailer: Mailer;
  }
}

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /** Delivers now; rejects when delivery fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Delivers without making the caller wait (failures are logged), so an answer's timing cannot tell
   * whether a mail went out; `close` waits for these deliveries.
   */
  sendLater(message: MailMessage): void;
  /** Resolves once every delivery started with `sendLater` so far has ended (written, sent or logged as failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
  /** How mail leaves and whether the last delivery failed: the operations screen's mail check. */
  state(): MailerState;
}

interface MailerState {
  transport: 'smtp' | 'outbox';
  /** The last delivery failed (a later success clears it). */
  failing: boolean;
  failures: number;
}

type Deliver = (message: MailMessage) => Promise<void>;

/**
 * SMTP delivery when `smtpUrl` is set; otherwise each message becomes an `.eml` file in
 * `outboxDir` plus a log line (with the subject, which carries any code), so a newcomer without a
 * mail server still gets their codes.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return withQueue(
      opts.log,
      'smtp',
      async (message) => {
        await transport.sendMail({ from: opts.from, ...message });
      },
      () => transport.close(),
    );
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return withQueue(
    opts.log,
    'outbox',
    async (message) => {
      // time, then a counter: names sort in sending order even within one millisecond, so the newest file is last.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++sequence).padStart(6, '0')}-${randomUUID()}.eml`;
      const info = await stream.sendMail({ from: opts.from, ...message });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, name);
      // `buffer: true` makes the stream transport hand the message over as a Buffer.
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport gave no buffer');
      await writeFile(file, info.message);
      opts.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
    () => stream.close(),
  );
}

function withQueue(
  log: FastifyBaseLogger,
  transport: MailerState['transport'],
  attempt: Deliver,
  closeTransport: () => void,
): Mailer {
  const pending = new Set<Promise<void>>();
  let failing = false;
  let failures = 0;
  const deliver: Deliver = (message) =>
    attempt(message).then(
      () => {
        failing = false;
      },
      (error: unknown) => {
        failing = true;
        failures += 1;
        throw error;
      },
    );
  return {
    state: () => ({ transport, failing, failures }),
    send: deliver,
    sendLater(message) {
      const delivery = deliver(message).catch((error: unknown) => {
        log.error({ err: error, to: message.to, subject: message.subject }, 'mail delivery failed');
      });
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    async idle() {
      await Promise.all(pending);
    },
    async close() {
      await Promise.all(pending);
      closeTransport();
    },
  };
}

/** Decorates the app with its mailer (from SMTP_URL, MAIL_FROM and DATA_DIR) and closes it with the app. */
export const mailerPlugin: FastifyPluginAsync = fp(
  async (app) => {
    const mailer = createMailer({
      smtpUrl: app.config.SMTP_URL,
      from: app.config.MAIL_FROM,
      outboxDir: path.join(app.config.DATA_DIR, 'outbox'),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'papo-mailer' },
);
