import { defineCommand } from './types';

/** `/me text`: an action line, `* nick text`. */
export const meCommand = defineCommand({
  name: 'me',
  parse: (args) => (args ? { text: args } : null),
  run: (ctx, { text }) => ctx.send(text, true),
});
