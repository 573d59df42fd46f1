import { ApiError } from '../../../lib/api';
import { sendPrivateMessage } from '../../../lib/conversations/send-private-message';
import { addConversation } from '../api/add-conversation';
import { nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import { defineCommand, type CommandContext } from './types';

/**
 * Opens (or creates) the private conversation with the member called `nickname`, sends `text` when there is any, and
 * goes there. Someone in the channel is reached by id; anyone else by the name, which the server resolves.
 */
async function openConversationWith(ctx: CommandContext, nickname: string, text: string): Promise<void> {
  const user = ctx.findUser(nickname);
  try {
    const conversationId = await addConversation(user ? { id: user.id } : { nickname });
    if (text) await sendPrivateMessage(conversationId, text);
    ctx.navigate(`/pvt/${conversationId}`);
  } catch (error) {
    if (error instanceof ApiError && error.message === 'user_not_found')
      ctx.say('notice', { textKey: 'slash.notFound', nickname }, 'error');
    else reportFailure(ctx, error);
  }
}

/** `/msg nick [text]`: a private message to any member, by a name they chat under. */
export const msgCommand = defineCommand({
  name: 'msg',
  parse: (args) => {
    const [word, text] = splitFirst(args);
    const nickname = nicknameArg(word);
    return nickname ? { nickname, text } : null;
  },
  run: (ctx, { nickname, text }) => openConversationWith(ctx, nickname, text),
});

/** `/query nick`: opens the private conversation with any member, as IRC clients open a query window. */
export const queryCommand = defineCommand({
  name: 'query',
  parse: (args) => {
    const [word, rest] = splitFirst(args);
    const nickname = nicknameArg(word);
    return nickname && !rest ? { nickname } : null;
  },
  run: (ctx, { nickname }) => openConversationWith(ctx, nickname, ''),
});
