import {
  accountSessionParams,
  changePasswordBody,
  deleteAccountBody,
  type AccountExportPending,
  type AccountSessions,
  type PasswordChanged,
} from '@papo/contract/account';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, signedIn } from '../../lib/guard.js';
import { httpError, parseBody, parseParamsOr } from '../../lib/http-error.js';
import { createExportQueue, exportStateOf } from './export.js';
import {
  changePassword,
  deleteAccount,
  endAccountSessions,
  endSessionById,
  isLiveSession,
  listSessions,
} from '../auth/index.js';

/** Password changes per member in the window: each costs an argon2 hash, and the check shares the sign-in limit. */
const passwordChangeLimit = { rateLimit: { max: 10, timeWindow: 15 * 60_000 } };

/** Export requests per member in the window: each makes the whole document again. */
const exportLimit = { rateLimit: { max: 5, timeWindow: 15 * 60_000 } };
const pending: AccountExportPending = { state: 'pending' };

/** "Conta e segurança": the member's password, signed-in devices (decision 037) and data export (decision 041). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', signedIn);

  app.put('/api/account/password', { config: passwordChangeLimit }, async (request): Promise<PasswordChanged> => {
    const body = parseBody(changePasswordBody, request.body);
    const token = await changePassword(app, currentUser(request), body, request.ip);
    return { message: 'password_changed', token };
  });

  app.get('/api/account/sessions', async (request, reply): Promise<AccountSessions> => {
    const { userId, sessionId } = currentUser(request);
    reply.header('cache-control', 'no-store');
    return { sessions: await listSessions(app.db, userId, sessionId) };
  });

  app.delete('/api/account/sessions/:id', async (request, reply) => {
    const { id } = parseParamsOr(accountSessionParams, request.params, 404, 'session_not_found');
    const { userId } = currentUser(request);
    if (!(await isLiveSession(app.db, userId, id))) throw httpError(404, 'session_not_found');
    await endSessionById(app, userId, id, 'logged_out');
    return reply.status(204).send();
  });

  // NOTE: "sair de todos os outros": every sign-in but the one asking.
  app.delete('/api/account/sessions', async (request, reply) => {
    const { userId, sessionId } = currentUser(request);
    await endAccountSessions(app, userId, 'signed_out_everywhere', sessionId);
    return reply.status(204).send();
  });

  const exports = createExportQueue(app);

  app.post('/api/account/export', { config: exportLimit }, async (request, reply) => {
    await exports.request(currentUser(request).userId);
    return reply.status(202).send(pending);
  });

  app.get('/api/account/export', async (request, reply) => {
    const { userId } = currentUser(request);
    const found = await exportStateOf(app.db, userId);
    reply.header('cache-control', 'no-store');
    if (found.state === 'none') throw httpError(404, 'export_not_found');
    if (found.state === 'pending') return reply.status(202).header('retry-after', '2').send(pending);
    const day = found.readyAt.slice(0, 10);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="papo-dados-${day}.json"`)
      .send(found.content);
  });

  app.delete('/api/account', { config: passwordChangeLimit }, async (request, reply) => {
    const body = parseBody(deleteAccountBody, request.body);
    await deleteAccount(app, currentUser(request), body.password, request.ip);
    return reply.status(204).send();
  });
};
