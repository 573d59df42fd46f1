import { chatLimits } from '@papo/contract/chat';
import { updateTopic } from '../api/update-topic';
import { reportFailure } from './report';
import { defineCommand } from './types';

/** `/topic` shows the topic; `/topic text` sets it (operators and above). */
export const topicCommand = defineCommand({
  name: 'topic',
  parse: (args) => ([...args].length <= chatLimits.topic ? { text: args || null } : null),
  run: async (ctx, { text }) => {
    if (text === null) {
      if (ctx.topic) ctx.say('topicIs', { channel: ctx.channel, topic: ctx.topic }, 'topic');
      else ctx.say('noTopic', { channel: ctx.channel }, 'topic');
      return;
    }
    try {
      const answer = await updateTopic(ctx.channel, text);
      if (answer.status !== 'success') ctx.say('chanserv', { textKey: `chatErrors.${answer.message}` }, 'error');
    } catch (error) {
      reportFailure(ctx, error);
    }
  },
});
