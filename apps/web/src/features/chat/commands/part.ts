import { defineCommand } from './types';

/** `/part [message]`: leaves the current channel (the message, as in IRC, is optional). */
export const partCommand = defineCommand({
  name: 'part',
  parse: () => ({}),
  run: async (ctx) => ctx.part(),
});
