import type { OnlineUser } from '@papo/contract/socket-events';
import type { SystemKey, SystemParams, SystemTone } from '../store/chat-line';

/** What a slash command may do on the channel screen. */
export interface CommandContext {
  /** The current channel, without '#'. */
  channel: string;
  /** The nickname the member chats under. */
  nickname: string;
  topic: string | null;
  /** Adds a system line to the current channel. */
  say(key: SystemKey, params?: SystemParams, tone?: SystemTone): void;
  /** Sends a channel message (an action for `/me`). */
  send(text: string, action: boolean): Promise<void>;
  navigate(path: string): void;
  openWhois(nickname: string): void;
  /** A user present in the current channel, by nickname (any case). */
  findUser(nickname: string): OnlineUser | undefined;
  /** Closes the current channel's tab (leaving it); the neighbouring tab comes forward. */
  part(): void;
}

/** One slash command: how its arguments read, and what it does with them. */
export interface SlashCommand<Params = unknown> {
  name: string;
  /** The arguments after the name, or null when they do not fit the usage. */
  parse(args: string): Params | null;
  run(ctx: CommandContext, params: Params): Promise<void>;
}

/** Helps TypeScript keep each command's parameter type while the registry holds them all. */
export function defineCommand<Params>(command: SlashCommand<Params>): SlashCommand<Params> {
  return command;
}

/** The translated usage /help and a usage error show, e.g. `/kick <apelido> [motivo]` (key under `slash.usages`). */
export function usageKey(command: Pick<SlashCommand, 'name'>): string {
  return `slash.usages.${command.name}`;
}
