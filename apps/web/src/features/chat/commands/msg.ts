import { addConversation } from '../api/add-conversation';
import { sendPrivateMessage } from '../../../lib/conversations/send-private-message';
import { nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import { defineCommand } from './types';

/** `/msg nick [text]`: opens (or creates) the private conversation with someone in the channel. */
export const msgCommand = defineCommand({
  name: 'msg',
  parse: (args) => {
    const [word, text] = splitFirst(args);
    const nickname = nicknameArg(word);
    return nickname ? { nickname, text } : null;
  },
  run: async (ctx, { nickname, text }) => {
    const user = ctx.findUser(nickname);
    if (!user) {
      ctx.say('notice', { textKey: 'slash.notHere', nickname, channel: ctx.channel }, 'error');
      return;
    }
    try {
      const conversationId = await addConversation(user.id);
      if (text) await sendPrivateMessage(conversationId, text);
      ctx.navigate(`/pvt/${conversationId}`);
    } catch (error) {
      reportFailure(ctx, error);
    }
  },
});
