import {
  notificationListQuery,
  notificationParams,
  type NotificationList,
  type NotificationsMarked,
} from '@papo/contract/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, signedIn } from '../../lib/guard.js';
import { httpError, parseParams, parseQuery } from '../../lib/http-error.js';
import { countUnread, markAllNotificationsRead, markNotificationRead } from './repo.js';
import { memberReadCache } from '../users/index.js';
import { schedulePruning } from './prune.js';
import { listNotificationPage } from './service.js';
import { sendKept } from '../../lib/shared-cache.js';

/** The bell's calls: the list, mark one read (owner only) and mark all read. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  schedulePruning(app);
  // NOTE: onRequest, so a request without a valid token is refused before its body is read.
  app.addHook('onRequest', signedIn);

  // NOTE: the first page, which every page load asks for, is kept per member; older pages are read as asked.
  const firstPages = memberReadCache<NotificationList>(app, 'notifications', (userId) =>
    listNotificationPage(app.db, userId),
  );
  // NOTE: not async: a kept first page is sent without a promise (sendKept).
  app.get('/api/notifications', (request, reply) => {
    const { before } = parseQuery(notificationListQuery, request.query);
    const { userId } = currentUser(request);
    if (before !== undefined) return listNotificationPage(app.db, userId, before);
    return sendKept(request, reply, firstPages.read(userId), { audience: 'member' });
  });

  app.post('/api/notifications/:id/mark-as-read', async (request): Promise<NotificationsMarked> => {
    const { id } = parseParams(notificationParams, request.params);
    const { userId } = currentUser(request);
    // NOTE: someone else's notification answers exactly like a missing one, so ids reveal nothing.
    if (!(await markNotificationRead(app.db, userId, id))) throw httpError(404, 'notification_not_found');
    return { status: 'success', unreadCount: await countUnread(app.db, userId) };
  });

  app.post('/api/notifications/mark-all-read', async (request): Promise<NotificationsMarked> => {
    await markAllNotificationsRead(app.db, currentUser(request).userId);
    return { status: 'success', unreadCount: 0 };
  });
};
