import type { OnlineUser } from '@papo/contract/socket-events';
import { useSyncExternalStore } from 'react';
import type { ChannelStatus } from '../hooks/channel-status';
import type { ChatLine, SpokenLine } from './chat-line';

/** Lines kept per channel in memory; older ones drop off the top. */
export const maxLinesPerChannel = 500;

/** Which chat dialog is open (members-area §4 Chat dialogs): one at a time. */
export type ChatDialog =
  | { kind: 'none' }
  | { kind: 'whois'; nickname: string }
  | { kind: 'chanserv'; user: OnlineUser; channel: string }
  | { kind: 'result'; tone: 'success' | 'error'; text: string };

/** The spec's shared client state for the chat (members-area §3), plus what the screen and panel share. */
export interface ChatState {
  currentChannel: string | null;
  /** The channels the member is in (their tabs), in the order opened; each stays joined until closed. */
  openChannels: readonly string[];
  /** Where the member stands in each open channel. */
  channelStatus: Readonly<Record<string, ChannelStatus>>;
  /** Lines from others that arrived in each open channel while the member was not looking at it. */
  unread: Readonly<Record<string, number>>;
  /** Open channels where one of those unread lines names the member. */
  mentioned: Readonly<Record<string, boolean>>;
  /** The member's own last lines, newest last, for ↑/↓ in the input (every channel shares them, as in IRC clients). */
  sentHistory: readonly string[];
  /** Lines per channel name (without '#'), oldest first. */
  messages: Readonly<Record<string, readonly ChatLine[]>>;
  onlineUsers: Readonly<Record<string, readonly OnlineUser[]>>;
  /** When set, the user lists show only this user. */
  userFilterId: number | null;
  /** The signed-in user's level per channel; absent means 0. */
  userChannelLevels: Readonly<Record<string, number>>;
  userNickname: string | null;
  hasNickname: boolean;
  /** What the member is typing, per channel, so Mention can insert into it from the panel. */
  drafts: Readonly<Record<string, string>>;
  /**
   * The message input is to take the keyboard as soon as it can type: a mention was inserted, or the member moved to
   * another channel from the keyboard (the input of the channel left had it; that of the next joins first).
   */
  inputFocusPending: boolean;
  dialog: ChatDialog;
}

const initialState: ChatState = {
  currentChannel: null,
  openChannels: [],
  channelStatus: {},
  unread: {},
  mentioned: {},
  sentHistory: [],
  messages: {},
  onlineUsers: {},
  userFilterId: null,
  userChannelLevels: {},
  userNickname: null,
  hasNickname: false,
  drafts: {},
  inputFocusPending: false,
  dialog: { kind: 'none' },
};

let state: ChatState = initialState;
const listeners = new Set<() => void>();

function update(next: Partial<ChatState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hears every change of the chat state; returns the unsubscribe. */
export function onChatChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The whole state now (for event handlers and tests). */
export function getChatState(): ChatState {
  return state;
}

/** A slice of the chat state as React state; `select` must return a stored value, not a new object. */
export function useChatStore<T>(select: (current: ChatState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}

/** Back to the empty state (logout, tests). */
export function resetChatStore() {
  update(initialState);
}

/** The channel on screen; it has nothing unread any more while the page is shown. */
export function setCurrentChannel(channel: string | null) {
  if (state.currentChannel !== channel) update({ currentChannel: channel });
  if (channel !== null && !pageHidden()) markChannelRead(channel);
}

/** The page is in a background tab or a minimised window: nobody is looking at the channel on screen. */
function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

/** Forgets the channel's unread count and mention marker (the member is looking at it). */
export function markChannelRead(channel: string) {
  if (!state.unread[channel] && !state.mentioned[channel]) return;
  const { [channel]: _count, ...unread } = state.unread;
  const { [channel]: _mention, ...mentioned } = state.mentioned;
  update({ unread, mentioned });
}

/** A line from someone else arrived in an open channel: counted unless the member is looking at that channel. */
export function countUnread(channel: string, mention: boolean) {
  if (state.currentChannel === channel && !pageHidden()) return;
  update({
    unread: { ...state.unread, [channel]: (state.unread[channel] ?? 0) + 1 },
    mentioned: mention && !state.mentioned[channel] ? { ...state.mentioned, [channel]: true } : state.mentioned,
  });
}

/** Adds the channel after the open ones (an open one keeps its place). */
export function addOpenChannel(channel: string) {
  if (!state.openChannels.includes(channel)) update({ openChannels: [...state.openChannels, channel] });
}

/**
 * The open channels in the order another device or an earlier visit kept them, followed by those opened here since;
 * answers the ones that are new here.
 */
export function mergeOpenChannels(kept: readonly string[]): string[] {
  const added = kept.filter((name) => !state.openChannels.includes(name));
  const order = [...kept, ...state.openChannels.filter((name) => !kept.includes(name))];
  const unique = [...new Set(order)];
  if (unique.join() !== state.openChannels.join()) update({ openChannels: unique });
  return added;
}

/** The channel's tab is closed: its lines, list, status and counts go with it. */
export function removeOpenChannel(channel: string) {
  const without = <T>(record: Readonly<Record<string, T>>) => {
    const { [channel]: _gone, ...rest } = record;
    return rest;
  };
  update({
    openChannels: state.openChannels.filter((name) => name !== channel),
    channelStatus: without(state.channelStatus),
    unread: without(state.unread),
    mentioned: without(state.mentioned),
    messages: without(state.messages),
    onlineUsers: without(state.onlineUsers),
  });
}

export function setChannelStatus(channel: string, status: ChannelStatus) {
  update({ channelStatus: { ...state.channelStatus, [channel]: status } });
}

/** How many of the member's own lines ↑ can bring back. */
const maxSentHistory = 50;

/** Remembers a line the member sent (a repeat of the last one is kept once). */
export function rememberSent(text: string) {
  if (state.sentHistory.at(-1) === text) return;
  const next = [...state.sentHistory, text];
  update({ sentHistory: next.length > maxSentHistory ? next.slice(next.length - maxSentHistory) : next });
}

/** Appends a line unless one with its id is already there; keeps the newest `maxLinesPerChannel`. */
export function addLine(line: ChatLine) {
  const lines = state.messages[line.channel] ?? [];
  if (lines.some((existing) => existing.id === line.id)) return;
  const next = [...lines, line];
  const kept = next.length > maxLinesPerChannel ? next.slice(next.length - maxLinesPerChannel) : next;
  update({ messages: { ...state.messages, [line.channel]: kept } });
}

/**
 * Lines the server replayed after a drop: each not already shown goes at `at` (where the log stood when the
 * connection came back), marked late, so the log reads in the order things were said.
 */
export function insertLateLines(channel: string, at: number, late: readonly ChatLine[]) {
  const lines = state.messages[channel] ?? [];
  const shown = new Set(lines.map((line) => line.id));
  const fresh = late
    .filter((line) => !shown.has(line.id))
    .map((line) => (line.kind === 'system' ? line : { ...line, late: true as const }));
  if (fresh.length === 0) return;
  const next = [...lines.slice(0, at), ...fresh, ...lines.slice(at)];
  replaceLines(channel, next.length > maxLinesPerChannel ? next.slice(next.length - maxLinesPerChannel) : next);
}

/** Lines this device kept from an earlier visit: each not already shown goes before the lines heard since. */
export function addEarlierLines(channel: string, earlier: readonly ChatLine[]) {
  const lines = state.messages[channel] ?? [];
  const shown = new Set(lines.map((line) => line.id));
  const fresh = earlier.filter((line) => !shown.has(line.id));
  if (fresh.length === 0) return;
  const next = [...fresh, ...lines];
  replaceLines(channel, next.length > maxLinesPerChannel ? next.slice(next.length - maxLinesPerChannel) : next);
}

function replaceLines(channel: string, lines: readonly ChatLine[]) {
  update({ messages: { ...state.messages, [channel]: lines } });
}

/** The member's own line, shown before the server has it (pending). */
export function addPendingLine(line: SpokenLine) {
  addLine(line);
}

/**
 * A line the room sent: when it is the member's own line still shown as pending (same text and kind), it takes that
 * line's place, so the line neither moves nor shows twice whichever comes first, the room's copy or the server's answer.
 */
export function addRoomLine(line: ChatLine, ownNickname: string | null) {
  const lines = state.messages[line.channel] ?? [];
  if (line.kind !== 'system' && line.username === ownNickname && !lines.some((existing) => existing.id === line.id)) {
    const at = lines.findIndex((l) => l.kind === line.kind && l.delivery?.state === 'pending' && l.text === line.text);
    if (at !== -1)
      return replaceLines(
        line.channel,
        lines.map((existing, index) => (index === at ? line : existing)),
      );
  }
  addLine(line);
}

/** The server accepted a pending line under `id`: it becomes a normal line (or goes, when the room's copy is there already). */
export function settlePendingLine(channel: string, pendingId: string, id: string) {
  const lines = state.messages[channel] ?? [];
  if (!lines.some((line) => line.id === pendingId)) return;
  if (lines.some((line) => line.id === id))
    return replaceLines(
      channel,
      lines.filter((line) => line.id !== pendingId),
    );
  replaceLines(
    channel,
    lines.map((line) =>
      line.id === pendingId && line.kind !== 'system' ? { ...line, id, delivery: undefined } : line,
    ),
  );
}

/** Marks an own line pending again (a retry) or failed with why. */
export function setLineDelivery(channel: string, lineId: string, delivery: NonNullable<SpokenLine['delivery']>) {
  const lines = state.messages[channel] ?? [];
  replaceLines(
    channel,
    lines.map((line) => (line.id === lineId && line.kind !== 'system' ? { ...line, delivery } : line)),
  );
}

function setChannelUsers(channel: string, users: readonly OnlineUser[]) {
  update({ onlineUsers: { ...state.onlineUsers, [channel]: users } });
}

/** Replaces the channel's list (the `users` event). */
export function setUsers(channel: string, users: readonly OnlineUser[]) {
  setChannelUsers(channel, users);
}

/** Adds a user: an entry with the same id is replaced in place, otherwise the user is appended. */
export function addUser(channel: string, user: OnlineUser) {
  const users = state.onlineUsers[channel] ?? [];
  const index = users.findIndex((existing) => existing.id === user.id);
  setChannelUsers(
    channel,
    index === -1 ? [...users, user] : users.map((existing, at) => (at === index ? user : existing)),
  );
}

/** Removes the user with this id (absent ids change nothing). */
export function removeUser(channel: string, userId: number) {
  const users = state.onlineUsers[channel] ?? [];
  if (users.some((user) => user.id === userId))
    setChannelUsers(
      channel,
      users.filter((user) => user.id !== userId),
    );
}

/** Changes a user wherever they are listed (a new nickname reaches every channel; a level only one). */
export function patchUser(userId: number, patch: Partial<Omit<OnlineUser, 'id'>>, channel?: string) {
  const onlineUsers: Record<string, readonly OnlineUser[]> = { ...state.onlineUsers };
  for (const [name, users] of Object.entries(onlineUsers)) {
    if (channel !== undefined && name !== channel) continue;
    if (users.some((user) => user.id === userId))
      onlineUsers[name] = users.map((user) => (user.id === userId ? { ...user, ...patch } : user));
  }
  update({ onlineUsers });
}

export function setUserFilter(userId: number | null) {
  update({ userFilterId: userId });
}

/** The users a list shows: everyone, or only the filtered user while a filter id is set. */
export function visibleUsers(users: readonly OnlineUser[], filterId: number | null): readonly OnlineUser[] {
  return filterId === null ? users : users.filter((user) => user.id === filterId);
}

export function setUserChannelLevel(channel: string, level: number) {
  update({ userChannelLevels: { ...state.userChannelLevels, [channel]: level } });
}

export function setUserNickname(nickname: string | null) {
  if (state.userNickname !== nickname) update({ userNickname: nickname });
}

export function setHasNickname(value: boolean) {
  if (state.hasNickname !== value) update({ hasNickname: value });
}

export function setDraft(channel: string, text: string) {
  update({ drafts: { ...state.drafts, [channel]: text } });
}

/** Mention: appends `nick: ` to the channel's draft and asks the input for focus. */
export function insertMention(channel: string, nickname: string) {
  const draft = state.drafts[channel] ?? '';
  const glue = draft === '' || draft.endsWith(' ') ? '' : ' ';
  update({
    drafts: { ...state.drafts, [channel]: `${draft}${glue}${nickname}: ` },
    inputFocusPending: true,
  });
}

/** Asks the message input on screen (or the next one, once it can type) to take the keyboard. */
export function requestInputFocus() {
  if (!state.inputFocusPending) update({ inputFocusPending: true });
}

/** The input took the keyboard it was asked to. */
export function inputFocusTaken() {
  if (state.inputFocusPending) update({ inputFocusPending: false });
}

export function openDialog(dialog: ChatDialog) {
  update({ dialog });
}

export function closeDialog() {
  update({ dialog: { kind: 'none' } });
}
