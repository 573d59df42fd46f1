import { roles } from '@papo/contract/auth';
import type { FastifyInstance } from 'fastify';
import { OAuth2Client } from 'google-auth-library';
import { isUniqueViolation } from '../../db/values.js';
import { httpError } from '../../lib/http-error.js';
import { insertUser } from '../users/index.js';
import { pickLanguage } from './language.js';
import { revokeFamiliesOfUser } from './refresh-repo.js';
import { findAccountByEmail, markVerified, setPasswordHash, type AccountRecord } from './repo.js';
import { isoAt } from './secrets.js';
import type { SessionUser } from './sessions.js';
import { deriveFreeUsername } from './usernames.js';

/** What Papo takes from a verified Google ID token. */
export interface GoogleIdentity {
  email: string;
  name: string;
  locale?: string;
}

export interface GoogleVerifier {
  clientId: string;
  verify(credential: string): Promise<GoogleIdentity>;
}

/**
 * Verifies Google ID tokens with google-auth-library against our client id. `certsUrl` replaces Google's
 * PEM certificate endpoint (tests point it at a local server); one client per app keeps the certificate cache.
 */
export function createGoogleVerifier(clientId: string, certsUrl?: string): GoogleVerifier {
  const client = new OAuth2Client({
    clientId,
    transporterOptions: { timeout: 5000 },
    ...(certsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: certsUrl } } : {}),
  });
  return {
    clientId,
    async verify(credential) {
      let payload;
      try {
        payload = (await client.verifyIdToken({ idToken: credential, audience: clientId })).getPayload();
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('Failed to retrieve verification certificates')) {
          throw httpError(503, 'google_unavailable');
        }
        throw httpError(401, 'invalid_google_token');
      }
      if (!payload?.email) throw httpError(401, 'invalid_google_token');
      if (payload.email_verified !== true) throw httpError(403, 'google_email_not_verified');
      return {
        email: payload.email,
        name: payload.name?.trim() || (payload.email.split('@')[0] ?? payload.email),
        locale: payload.locale,
      };
    },
  };
}

/**
 * Signs in the account with the Google e-mail, or creates a verified one. An unverified account with
 * that e-mail was never proven to belong to whoever set its password, while Google proves the
 * e-mail: the account is claimed — verified, its password removed, its sessions ended.
 */
export async function signInWithGoogle(app: FastifyInstance, identity: GoogleIdentity): Promise<SessionUser> {
  const existing = await findAccountByEmail(app.db, identity.email);
  if (existing) {
    if (!existing.verified) await claimAccount(app, existing);
    return { id: existing.id, username: existing.username, roles: existing.roles };
  }
  const language = pickLanguage(undefined, identity.locale);
  for (let attempt = 0; ; attempt++) {
    const username = await deriveFreeUsername(app.db, identity.email, identity.name);
    try {
      const name = identity.name.slice(0, 100);
      const id = await insertUser(app.db, {
        name,
        username,
        email: identity.email,
        passwordHash: null,
        roles: [roles.user],
        verified: true,
        language,
      });
      return { id, username, roles: [roles.user] };
    } catch (error) {
      // another request took the name (or created this e-mail's account) in between; look again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      const created = await findAccountByEmail(app.db, identity.email);
      if (created) return { id: created.id, username: created.username, roles: created.roles };
    }
  }
}

async function claimAccount(app: FastifyInstance, account: AccountRecord): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await markVerified(trx, account.id);
    await setPasswordHash(trx, account.id, null);
    await revokeFamiliesOfUser(trx, account.id, isoAt(Date.now()));
  });
}
