import type { FastifyInstance } from 'fastify';
import { buildUser, type TestUser } from '../../test/users.js';
import { insertMessage } from './messages-repo.js';

let count = 0;

/** A fresh member with a name of its own (usernames are unique across the test file). */
export function newMember(app: FastifyInstance, prefix = 'm'): Promise<TestUser> {
  count += 1;
  return buildUser(app, { username: `${prefix}${count}` });
}

/** `POST /api/add-conversation` as `from`, answering the conversation id (and failing the test on anything else). */
export async function openConversation(app: FastifyInstance, from: TestUser, to: TestUser): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/add-conversation',
    headers: from.headers,
    payload: { user: to.id },
  });
  if (res.statusCode !== 200) throw new Error(`add-conversation answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { conversation_id: number }).conversation_id;
}

/** Writes messages straight into the table, bypassing the per-user flood limit of the HTTP call. */
export async function seedMessages(
  app: FastifyInstance,
  conversationId: number,
  senderId: number,
  contents: string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const content of contents) ids.push((await insertMessage(app.db, { conversationId, senderId, content })).id);
  return ids;
}

export function sendMessage(app: FastifyInstance, from: TestUser, conversationId: number | string, content: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/conversations/private/messages',
    headers: from.headers,
    payload: { content, conversation_id: conversationId },
  });
}

export function readPage(app: FastifyInstance, as: TestUser, conversationId: number | string, query = '') {
  return app.inject({ method: 'POST', url: `/api/conversations/${conversationId}${query}`, headers: as.headers });
}

export function listConversations(app: FastifyInstance, as: TestUser, query = '') {
  return app.inject({ method: 'GET', url: `/api/conversations${query}`, headers: as.headers });
}
