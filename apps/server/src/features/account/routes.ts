import { accountRoutes as routes, type AccountExportPending } from '@papo/contract/account';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
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
  serve(
    app,
    routes.changePassword,
    async ({ body, user, request }) => {
      const token = await changePassword(app, user, body, request.ip);
      return { message: 'password_changed' as const, token };
    },
    { config: passwordChangeLimit },
  );

  serve(app, routes.sessions, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return { sessions: await listSessions(app.db, user.userId, user.sessionId) };
  });

  serve(app, routes.endSession, async ({ params, user, reply }) => {
    if (!(await isLiveSession(app.db, user.userId, params.id))) throw httpError(404, 'session_not_found');
    await endSessionById(app, user.userId, params.id, 'logged_out');
    return reply.status(204).send();
  });

  // "sair de todos os outros": every sign-in but the one asking.
  serve(app, routes.endOtherSessions, async ({ user, reply }) => {
    await endAccountSessions(app, user.userId, 'signed_out_everywhere', user.sessionId);
    return reply.status(204).send();
  });

  const exports = createExportQueue(app);

  serve(
    app,
    routes.requestExport,
    async ({ user }) => {
      await exports.request(user.userId);
      return pending;
    },
    { config: exportLimit },
  );

  serve(app, routes.exportFile, async ({ user, reply }) => {
    const found = await exportStateOf(app.db, user.userId);
    reply.header('cache-control', 'no-store');
    if (found.state === 'none') throw httpError(404, 'export_not_found');
    if (found.state === 'pending') return reply.status(202).header('retry-after', '2').send(pending);
    const day = found.readyAt.slice(0, 10);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="papo-dados-${day}.json"`)
      .send(found.content);
  });

  serve(
    app,
    routes.deleteAccount,
    async ({ body, user, request, reply }) => {
      await deleteAccount(app, user, body.password, request.ip);
      return reply.status(204).send();
    },
    { config: passwordChangeLimit },
  );
};
