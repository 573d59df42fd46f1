import { banCommand } from './ban';
import { deopCommand } from './deop';
import { devoiceCommand } from './devoice';
import { createHelpCommand } from './help';
import { joinCommand } from './join';
import { kickCommand } from './kick';
import { kickbanCommand } from './kickban';
import { meCommand } from './me';
import { msgCommand, queryCommand } from './msg';
import { nickCommand } from './nick';
import { opCommand } from './op';
import { parseInput } from './parse';
import { partCommand } from './part';
import { topicCommand } from './topic';
import { unbanCommand } from './unban';
import { voiceCommand } from './voice';
import { whoisCommand } from './whois';
import { usageKey, type CommandContext, type SlashCommand } from './types';

// each command keeps its own parameter type; the registry only hands parse's result back to run.
const listed: readonly SlashCommand[] = [
  meCommand,
  nickCommand,
  joinCommand,
  partCommand,
  topicCommand,
  msgCommand,
  queryCommand,
  whoisCommand,
  opCommand,
  deopCommand,
  voiceCommand,
  devoiceCommand,
  kickCommand,
  banCommand,
  kickbanCommand,
  unbanCommand,
];

/** Every slash command, /help last. */
export const slashCommands: readonly SlashCommand[] = [...listed, createHelpCommand(() => slashCommands)];

export function findCommand(name: string): SlashCommand | undefined {
  return slashCommands.find((command) => command.name === name);
}

/**
 * Runs one input line: text goes to the channel, a command runs, a command with wrong arguments
 * prints its usage and an unknown one a help line. Resolves once the work is done.
 */
export async function runInput(ctx: CommandContext, raw: string): Promise<void> {
  const parsed = parseInput(raw);
  if (!parsed) return;
  if (parsed.kind === 'text') return ctx.send(parsed.text, false);
  const command = findCommand(parsed.name);
  if (!command) {
    ctx.say('unknownCommand', { name: parsed.name }, 'error');
    return;
  }
  const params = command.parse(parsed.args);
  if (params === null) {
    ctx.say('usage', { usageKey: usageKey(command) }, 'error');
    return;
  }
  await command.run(ctx, params);
}
