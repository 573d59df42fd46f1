import { blockRoutes as routes } from '@papo/contract/conversations';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { deleteBlock, findMemberName, insertBlock, listBlocks } from './repo.js';

/**
 * Blocking a member: neither of the two can open a conversation with the other, nor write or
 * type in one they already share. The block is one-sided to lift: only the blocker can undo it.
 */
export const blockRoutes: FastifyPluginAsync = async (app) => {
  serve(app, routes.list, async ({ user }) => ({ blocks: await listBlocks(app.db, user.userId) }));

  serve(app, routes.block, async ({ body, user, reply }) => {
    if (body.user === user.userId) throw httpError(400, 'cannot_block_self');
    const name = await findMemberName(app.db, body.user);
    if (name === undefined) throw httpError(404, 'user_not_found');
    const created = await insertBlock(app.db, user.userId, body.user);
    reply.status(created ? 201 : 200);
    return { message: 'user_blocked' as const, user: { id: body.user, name } };
  });

  serve(app, routes.unblock, async ({ params, user }) => {
    if (!(await deleteBlock(app.db, user.userId, params.userId))) throw httpError(404, 'block_not_found');
    return { message: 'user_unblocked' as const, id: params.userId };
  });
};
