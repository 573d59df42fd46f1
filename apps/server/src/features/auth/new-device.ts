import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveJwtSecret } from '../../lib/secret.js';
import { mailLanguage } from './language.js';
import { newDeviceMail } from './mail-templates.js';
import { findAccountById } from './repo.js';
import { describeBrowser } from './session-list.js';

/*
 * A browser remembers, in an httpOnly cookie, the accounts that signed in on it: one tag per account, an HMAC of the
 * account's id under a key of its own, so the cookie names nobody to whoever reads it and cannot be forged. A sign-in
 * whose browser holds no tag of the account is a device the account has not used before, and the member gets a mail.
 * A cookie rather than a row: a device is a browser (what a member calls "this computer"), not a User-Agent, which
 * every update of the browser changes and many machines share.
 */

export const deviceCookie = 'papo_devices';
/** Accounts one browser remembers at most, the latest first: a shared computer's, a family's. */
const maxAccounts = 10;
const yearSeconds = 365 * 24 * 60 * 60;

const keys = new WeakMap<FastifyInstance, Promise<Buffer>>();

/** A key of its own derived from the app secret, so a device tag can never pass as anything else. */
function deviceKey(app: FastifyInstance): Promise<Buffer> {
  let key = keys.get(app);
  if (!key) {
    key = resolveJwtSecret({ configured: app.config.JWT_SECRET, dataDir: app.config.DATA_DIR }).then((secret) =>
      createHmac('sha256', 'papo-device-cookie').update(secret).digest(),
    );
    keys.set(app, key);
  }
  return key;
}

const tagOf = (key: Buffer, userId: number) =>
  createHmac('sha256', key).update(`signed-in:${userId}`).digest('base64url').slice(0, 22);

/**
 * Before a web sign-in of `userId` starts: remembers the account in the browser's cookie and, when the browser did not
 * know it and the account had signed in before (anywhere, IRC included), mails the member in their language. The first
 * sign-in of an account has no device before it, so it sends nothing.
 */
export async function noticeSignInDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const key = await deviceKey(app);
  const tag = tagOf(key, userId);
  const tags = (request.cookies[deviceCookie] ?? '').split('.').filter((one) => /^[A-Za-z0-9_-]{22}$/.test(one));
  const known = tags.includes(tag);
  reply.setCookie(deviceCookie, [tag, ...tags.filter((one) => one !== tag)].slice(0, maxAccounts).join('.'), {
    // both sign-in calls read it (`/api/login_check`, `/api/google_login`); no script ever does.
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.PUBLIC_URL.startsWith('https:'),
    maxAge: yearSeconds,
  });
  if (known) return;
  const before = await app.db
    .selectFrom('refresh_token_families')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  if (!before) return;
  const account = await findAccountById(app.db, userId);
  if (!account?.email) return;
  const device = describeBrowser(request.headers['user-agent'] ?? null);
  app.mailer.sendLater({
    to: account.email,
    ...newDeviceMail(mailLanguage(account.language), { name: account.name, device, when: new Date() }),
  });
}
