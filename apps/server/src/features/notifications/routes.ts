import { notificationRoutes as routes, type NotificationList } from '@papo/contract/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { countUnread, markAllNotificationsRead, markNotificationRead } from './repo.js';
import { memberReadCache } from '../users/index.js';
import { schedulePruning } from './prune.js';
import { listNotificationPage } from './service.js';
import { sendKept } from '../../lib/shared-cache.js';

/** The bell's calls: the list, mark one read (owner only) and mark all read. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  schedulePruning(app);

  // the first page, which every page load asks for, is kept per member; older pages are read as asked.
  const firstPages = memberReadCache<NotificationList>(app, 'notifications', (userId) =>
    listNotificationPage(app.db, userId),
  );
  // not async: a kept first page is sent without a promise (sendKept).
  serve(app, routes.list, ({ query, user, request, reply }) => {
    if (query.before !== undefined) return listNotificationPage(app.db, user.userId, query.before);
    return sendKept(request, reply, firstPages.read(user.userId), { audience: 'member' });
  });

  serve(app, routes.markRead, async ({ params, user }) => {
    // someone else's notification answers exactly like a missing one, so ids reveal nothing.
    if (!(await markNotificationRead(app.db, user.userId, params.id))) throw httpError(404, 'notification_not_found');
    return { status: 'success' as const, unreadCount: await countUnread(app.db, user.userId) };
  });

  serve(app, routes.markAllRead, async ({ user }) => {
    await markAllNotificationsRead(app.db, user.userId);
    return { status: 'success' as const, unreadCount: 0 };
  });
};
