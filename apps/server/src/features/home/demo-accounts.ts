import { randomBytes } from 'node:crypto';
import { roles } from '@papo/contract/auth';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { insertUser } from '../users/index.js';

/** Demo members a newcomer meets on the home page and in the channels (decision 017), and one moderator. */
const demoMembers: readonly { username: string; name: string; nicknames: string[]; moderator?: boolean }[] = [
  { username: 'marina_rio', name: 'Marina Costa', nicknames: ['mari'] },
  { username: 'joao_sampa', name: 'João Pereira', nicknames: ['jp_sampa'] },
  { username: 'bia_lisboa', name: 'Beatriz Almeida', nicknames: ['biazinha'] },
  { username: 'caio_recife', name: 'Caio Nascimento', nicknames: [] },
  { username: 'luana_porto', name: 'Luana Ferreira', nicknames: ['lu_porto'] },
  { username: 'mod_papo', name: 'Moderação Papo', nicknames: [], moderator: true },
];

export interface DemoAccount {
  username: string;
  password: string;
  moderator: boolean;
}

/**
 * Creates the demo accounts with generated passwords and answers them, so the caller prints them once
 * (they are stored only as hashes). The caller runs this on an empty database with demo content on.
 */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const member of demoMembers) {
    const password = randomBytes(12).toString('base64url');
    const id = await insertUser(db, {
      name: member.name,
      username: member.username,
      email: `${member.username}@papo.invalid`,
      passwordHash: await hashPassword(password),
      roles: member.moderator ? [roles.moderator] : [roles.user],
      verified: true,
    });
    for (const nickname of member.nicknames) {
      await db
        .insertInto('nicknames')
        .values({ user_id: id, nickname, nickname_lower: nickname.toLowerCase(), is_selected: 0 })
        .execute();
    }
    accounts.push({ username: member.username, password, moderator: Boolean(member.moderator) });
  }
  return accounts;
}
