import type { OnlineUser } from '@papo/contract/socket-events';
import { useSyncExternalStore } from 'react';
import type { ChatLine } from './chat-line';

/** Lines kept per channel in memory (issue 5); older ones drop off the top. */
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
  /** Bumped to ask the message input to take focus. */
  focusRequest: number;
  dialog: ChatDialog;
}

const initialState: ChatState = {
  currentChannel: null,
  messages: {},
  onlineUsers: {},
  userFilterId: null,
  userChannelLevels: {},
  userNickname: null,
  hasNickname: false,
  drafts: {},
  focusRequest: 0,
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

let owner: string | null = null;

/**
 * Claims the store for the signed-in member: a different member (another login in this tab) starts
 * from nothing, since channel lines live only in memory and belong to whoever saw them.
 */
export function claimChatStore(username: string | null) {
  if (owner === username) return;
  owner = username;
  resetChatStore();
}

export function setCurrentChannel(channel: string | null) {
  if (state.currentChannel !== channel) update({ currentChannel: channel });
}

/** Appends a line unless one with its id is already there; keeps the newest `maxLinesPerChannel`. */
export function addLine(line: ChatLine) {
  const lines = state.messages[line.channel] ?? [];
  if (lines.some((existing) => existing.id === line.id)) return;
  const next = [...lines, line];
  const kept = next.length > maxLinesPerChannel ? next.slice(next.length - maxLinesPerChannel) : next;
  update({ messages: { ...state.messages, [line.channel]: kept } });
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
  setChannelUsers(channel, index === -1 ? [...users, user] : users.map((existing, at) => (at === index ? user : existing)));
}

/** Removes the user with this id (absent ids change nothing). */
export function removeUser(channel: string, userId: number) {
  const users = state.onlineUsers[channel] ?? [];
  if (users.some((user) => user.id === userId)) setChannelUsers(channel, users.filter((user) => user.id !== userId));
}

/** Changes a user wherever they are listed (a new nickname reaches every channel; a level only one). */
export function patchUser(userId: number, patch: Partial<Omit<OnlineUser, 'id'>>, channel?: string) {
  const onlineUsers: Record<string, readonly OnlineUser[]> = { ...state.onlineUsers };
  for (const [name, users] of Object.entries(onlineUsers)) {
    if (channel !== undefined && name !== channel) continue;
    if (users.some((user) => user.id === userId)) onlineUsers[name] = users.map((user) => (user.id === userId ? { ...user, ...patch } : user));
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
  update({ drafts: { ...state.drafts, [channel]: `${draft}${glue}${nickname}: ` }, focusRequest: state.focusRequest + 1 });
}

export function openDialog(dialog: ChatDialog) {
  update({ dialog });
}

export function closeDialog() {
  update({ dialog: { kind: 'none' } });
}
