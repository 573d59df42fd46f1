import type { FastifyInstance } from 'fastify';

export interface ContactSeed {
  name?: string;
  email?: string | null;
  subject?: string | null;
  message?: string;
  source?: 'contact' | 'home_chat';
  createdAt?: string;
}

/** Writes a message straight into the table (bypassing the per-IP limit of the public calls). */
export async function seedContact(app: FastifyInstance, seed: ContactSeed = {}): Promise<number> {
  const row = await app.db
    .insertInto('contact_messages')
    .values({
      name: seed.name ?? 'Maria',
      email: seed.email === undefined ? 'maria@example.com' : seed.email,
      subject: seed.subject === undefined ? 'Olá' : seed.subject,
      message: seed.message ?? 'Gostei muito do site.',
      source: seed.source ?? 'contact',
      ip_hash: 'seed',
      ...(seed.createdAt ? { created_at: seed.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let nextIp = 1;

/** A fresh client address per call, so each test starts with its own per-IP allowance. */
export function freshIp(): string {
  nextIp += 1;
  return `10.0.${Math.floor(nextIp / 250)}.${nextIp % 250}`;
}
