import { nicknameRoutes as routes } from '@papo/contract/profile';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { listNicknames } from './repo.js';
import { addNickname, removeNickname, selectNickname } from './service.js';
import { announceNicknameChange } from '../../realtime/nickname-change.js';
import type { RealtimeContext } from '../../realtime/types.js';
import { toAnnouncement } from './sockets.js';

/** NickServ-style nicknames: list, register, drop and select one's own. */
export const nicknameRoutes: FastifyPluginAsync<{ realtime: RealtimeContext }> = async (app, { realtime }) => {
  serve(app, routes.list, async ({ user }) => ({ nicknames: await listNicknames(app.db, user.userId) }));

  serve(app, routes.add, async ({ body, user }) => ({
    message: 'nickname_added',
    nickname: await addNickname(app.db, user.userId, body.nickname),
  }));

  serve(app, routes.remove, async ({ params, user }) => {
    await removeNickname(app.db, user.userId, params.id);
    return { message: 'nickname_removed', id: params.id };
  });

  serve(app, routes.select, async ({ body, user, request }) => {
    const { nickname, change } = await selectNickname(app.db, user.userId, body.nicknameId);
    if (change) {
      // the selection is saved; a real-time hiccup is logged, never turned into a failed request.
      await announceNicknameChange(realtime, toAnnouncement(change)).catch((error: unknown) =>
        request.log.error({ err: error }, 'nickname announcement failed'),
      );
    }
    return { message: 'nickname_selected', nickname };
  });
};
