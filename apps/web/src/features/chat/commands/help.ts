import { defineCommand, usageKey, type SlashCommand } from './types';

/** `/help [command]`: every command with what it does, or one of them. */
export function createHelpCommand(list: () => readonly SlashCommand[]) {
  return defineCommand({
    name: 'help',
    parse: (args) => ({ name: args.replace(/^\//, '').toLowerCase() || null }),
    run: async (ctx, { name }) => {
      const commands = list();
      const chosen = name === null ? commands : commands.filter((command) => command.name === name);
      if (name !== null && chosen.length === 0) {
        ctx.say('unknownCommand', { name }, 'error');
        return;
      }
      if (name === null) ctx.say('help', {}, 'info');
      for (const command of chosen) {
        ctx.say(
          'helpLine',
          { usageKey: usageKey(command), descriptionKey: `slash.descriptions.${command.name}` },
          'info',
        );
      }
      if (name === null) ctx.say('helpKeys', {}, 'info');
      // the channels are reachable from IRC clients too; the line links to the page that says how.
      if (name === null) ctx.say('helpIrc', {}, 'info');
    },
  });
}
