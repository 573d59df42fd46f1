import { channelBanRoutes } from '@papo/contract/channel-bans';
import { chatRoutes } from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/api-route.js';
import type { ChatContext } from './context.js';
import { changeChannelLevel } from './level-service.js';
import { banUser, kickUser, listBans, unbanUser } from './moderation-service.js';

/**
 * ChanServ: `POST /api/channel-level`, `/api/kick`, `/api/ban` (KICKBAN unless `kick: false`), `/api/unban`, and
 * `GET /api/channel-bans` (the bans in force, for operators and up).
 */
export function registerChanServRoutes(app: FastifyInstance, ctx: ChatContext): void {
  serve(app, chatRoutes.channelLevel, async ({ body, user }) => {
    const input = { nickname: body.nickname, channel: body.channel_name, level: body.new_level };
    const { name, level, changed } = await changeChannelLevel(ctx, user.userId, input);
    return {
      status: 'success' as const,
      message: `Successfully updated channel level for ${name}`,
      name,
      level,
      changed,
    };
  });

  serve(app, chatRoutes.kick, async ({ body, user }) => {
    await kickUser(ctx, user.userId, body);
    return { status: 'success' as const, message: 'user_kicked' };
  });

  serve(app, chatRoutes.ban, async ({ body, user }) => {
    const { expiresAt } = await banUser(ctx, user.userId, body);
    return { status: 'success' as const, message: 'user_banned', expiresAt };
  });

  serve(app, chatRoutes.unban, async ({ body, user }) => {
    await unbanUser(ctx, user.userId, body);
    return { status: 'success' as const, message: 'user_unbanned' };
  });

  serve(app, channelBanRoutes.list, ({ query, user }) => listBans(ctx, user.userId, query.channel));
}
