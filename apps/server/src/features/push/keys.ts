import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { keptInDataDir } from '../../lib/secret.js';

/** The server's VAPID identity (RFC 8292): the key pair push services know it by, and whom they may contact. */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const keyFile = 'vapid-keys.json';

/** The address of MAIL_FROM (`Papo <no-reply@papo.local>` → `mailto:no-reply@papo.local`). */
function mailtoOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** The key pair kept in DATA_DIR. */
const storedKeys = z.object({ publicKey: z.string(), privateKey: z.string() });

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured, else a pair generated on first start into
 * `DATA_DIR/vapid-keys.json` (owner-only) and reused, like the JWT secret. The subject is VAPID_SUBJECT, else
 * MAIL_FROM's address. Nodes with DATA_DIRs of their own must be given the keys: a device subscribed
 * with one node's key cannot be pushed to with another's.
 */
export async function resolveVapidDetails(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR' | 'MAIL_FROM'>,
): Promise<VapidDetails & { generated: boolean }> {
  const subject = config.VAPID_SUBJECT ?? mailtoOf(config.MAIL_FROM);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject, generated: false };
  }
  const text = await keptInDataDir(config.DATA_DIR, keyFile, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const stored = storedKeys.safeParse(JSON.parse(text));
  if (!stored.success) throw new Error(`${keyFile} in DATA_DIR is not a VAPID key pair`);
  return { publicKey: stored.data.publicKey, privateKey: stored.data.privateKey, subject, generated: true };
}
