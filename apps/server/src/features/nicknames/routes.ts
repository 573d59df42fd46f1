import {
  addNicknameBody,
  nicknameParams,
  selectNicknameBody,
  type Nickname,
  type NicknameList,
} from '@papo/contract/profile';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, signedIn } from '../../lib/guard.js';
import { parseBody, parseParams } from '../../lib/http-error.js';
import { listNicknames } from './repo.js';
import { addNickname, removeNickname, selectNickname } from './service.js';
import { announceNicknameChange } from '../../realtime/nickname-change.js';
import type { RealtimeContext } from '../../realtime/types.js';
import { toAnnouncement } from './sockets.js';

/** NickServ-style nicknames: list, register, drop and select one's own. */
export const nicknameRoutes: FastifyPluginAsync<{ realtime: RealtimeContext }> = async (app, { realtime }) => {
  // NOTE: onRequest, so a request without a valid token is refused before its body is read.
  app.addHook('onRequest', signedIn);

  app.get('/api/nicknames', async (request): Promise<NicknameList> => {
    return { nicknames: await listNicknames(app.db, currentUser(request).userId) };
  });

  app.post('/api/nicknames', async (request, reply): Promise<{ message: string; nickname: Nickname }> => {
    const { nickname } = parseBody(addNicknameBody, request.body);
    const added = await addNickname(app.db, currentUser(request).userId, nickname);
    return reply.status(201).send({ message: 'nickname_added', nickname: added });
  });

  app.delete('/api/nicknames/:id', async (request): Promise<{ message: string; id: number }> => {
    const { id } = parseParams(nicknameParams, request.params);
    await removeNickname(app.db, currentUser(request).userId, id);
    return { message: 'nickname_removed', id };
  });

  app.post('/api/select-nickname', async (request): Promise<{ message: string; nickname: Nickname }> => {
    const { nicknameId } = parseBody(selectNicknameBody, request.body);
    const { nickname, change } = await selectNickname(app.db, currentUser(request).userId, nicknameId);
    if (change) {
      // NOTE: the selection is saved; a real-time hiccup is logged, never turned into a failed request.
      await announceNicknameChange(realtime, toAnnouncement(change)).catch((error: unknown) =>
        request.log.error({ err: error }, 'nickname announcement failed'),
      );
    }
    return { message: 'nickname_selected', nickname };
  });
};
