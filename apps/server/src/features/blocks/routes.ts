import { blockBody, blockParams, type BlockedUser, type BlockList } from '@papo/contract/conversations';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, signedIn } from '../../lib/guard.js';
import { httpError, parseBody, parseParams } from '../../lib/http-error.js';
import { deleteBlock, findMemberName, insertBlock, listBlocks } from './repo.js';

/**
 * Blocking a member: neither of the two can open a conversation with the other, nor write or
 * type in one they already share. The block is one-sided to lift: only the blocker can undo it.
 */
export const blockRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', signedIn);

  app.get('/api/blocks', async (request): Promise<BlockList> => ({
    blocks: await listBlocks(app.db, currentUser(request).userId),
  }));

  app.post(
    '/api/blocks',
    async (request, reply): Promise<{ message: 'user_blocked'; user: Omit<BlockedUser, 'blockedAt'> }> => {
      const { user } = parseBody(blockBody, request.body);
      const me = currentUser(request).userId;
      if (user === me) throw httpError(400, 'cannot_block_self');
      const name = await findMemberName(app.db, user);
      if (name === undefined) throw httpError(404, 'user_not_found');
      const created = await insertBlock(app.db, me, user);
      return reply.status(created ? 201 : 200).send({ message: 'user_blocked', user: { id: user, name } });
    },
  );

  app.delete('/api/blocks/:userId', async (request): Promise<{ message: 'user_unblocked'; id: number }> => {
    const { userId } = parseParams(blockParams, request.params);
    if (!(await deleteBlock(app.db, currentUser(request).userId, userId))) throw httpError(404, 'block_not_found');
    return { message: 'user_unblocked', id: userId };
  });
};
