import { channelBansQuery, type ChannelBanList } from '@papo/contract/channel-bans';
import {
  banBody,
  channelLevelBody,
  kickBody,
  unbanBody,
  type ChannelLevelAnswer,
  type ChatStatusAnswer,
} from '@papo/contract/chat';
import type { FastifyInstance } from 'fastify';
import { parseBody, parseQuery } from '../../lib/http-error.js';
import { currentUser } from '../../lib/guard.js';
import type { ChatContext } from './context.js';
import { changeChannelLevel } from './level-service.js';
import { banUser, kickUser, listBans, unbanUser } from './moderation-service.js';

/**
 * ChanServ: `POST /api/channel-level`, `/api/kick`, `/api/ban` (KICKBAN unless `kick: false`), `/api/unban`, and
 * `GET /api/channel-bans` (the bans in force, for operators and up).
 */
export function registerChanServRoutes(app: FastifyInstance, ctx: ChatContext): void {
  app.post('/api/channel-level', async (request): Promise<ChannelLevelAnswer> => {
    const body = parseBody(channelLevelBody, request.body);
    const input = { nickname: body.nickname, channel: body.channel_name, level: body.new_level };
    const { name, level } = await changeChannelLevel(ctx, currentUser(request).userId, input);
    return { status: 'success', message: `Successfully updated channel level for ${name}`, name, level };
  });

  app.post('/api/kick', async (request): Promise<ChatStatusAnswer> => {
    await kickUser(ctx, currentUser(request).userId, parseBody(kickBody, request.body));
    return { status: 'success', message: 'user_kicked' };
  });

  app.post('/api/ban', async (request): Promise<ChatStatusAnswer & { expiresAt: string | null }> => {
    const { expiresAt } = await banUser(ctx, currentUser(request).userId, parseBody(banBody, request.body));
    return { status: 'success', message: 'user_banned', expiresAt };
  });

  app.post('/api/unban', async (request): Promise<ChatStatusAnswer> => {
    await unbanUser(ctx, currentUser(request).userId, parseBody(unbanBody, request.body));
    return { status: 'success', message: 'user_unbanned' };
  });

  app.get('/api/channel-bans', async (request): Promise<ChannelBanList> => {
    const { channel } = parseQuery(channelBansQuery, request.query);
    return listBans(ctx, currentUser(request).userId, channel);
  });
}
