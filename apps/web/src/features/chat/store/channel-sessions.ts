import {
  clientRooms,
  type OpenChannelChange,
  type ReplayAnswer,
  type UserBannedEvent,
  type UserKickedEvent,
} from '@papo/contract/socket-events';
import { getSocket, joinRoom, leaveRoom, onRoomRefused } from '../../../lib/socket';
import { forgetOpenChannel, rememberOpenChannel } from '../api/open-channels';
import type { Removal } from '../hooks/channel-status';
import { subscribeChannelEvents, type ChannelHandlers } from '../hooks/channel-subscription';
import { levelName } from '../lib/levels';
import { mentions } from '../lib/rich-text';
import { selfUserId } from '../lib/self';
import {
  channelKey,
  isKeptLine,
  lineFromMessage,
  systemLine,
  type SystemKey,
  type SystemParams,
  type SystemTone,
} from './chat-line';
import { loadHistory, saveHistory } from '../../../lib/device-history';
import {
  addEarlierLines,
  addLine,
  addOpenChannel,
  addRoomLine,
  addUser,
  countUnread,
  insertLateLines,
  resetChatStore,
  getChatState,
  mergeOpenChannels,
  onChatChange,
  patchUser,
  removeOpenChannel,
  removeUser,
  setChannelStatus,
  setUserChannelLevel,
  setUserNickname,
  setUsers,
} from './chat-store';

/*
 * The member's open channels live here, not in a screen: each stays joined from the moment it is opened until its
 * tab is closed, whatever page is on screen, so moving between tabs and pages neither leaves nor rejoins (nobody
 * sees a part) and the lines of every open channel keep arriving into the store. One set of socket listeners serves
 * every open channel.
 */

/** What only the sessions need to remember about an open channel between its events. */
interface Session {
  /** A kick is followed by the spec's `user-left`; its line already says the user went. */
  kicked: Set<number>;
  /** A rejoin after a reconnect brings the member's own join back; the log says it once. */
  joinedShown: boolean;
  ownBan: Removal['ban'] | undefined;
  /** Bumped by each join asked for, so the answer of an older one changes nothing. */
  attempt: number;
  /** The id of the last member's line the room sent here: a reconnect asks the server for the lines after it. */
  lastSeen: string | undefined;
}

const sessions = new Map<string, Session>();
let stopListening: (() => void) | null = null;
/**
 * The names the account keeps open on the server, once read (null before): a channel opened before the list arrives
 * is remembered only if the list lacks it, so a reload on a channel's page writes nothing.
 */
let keptOnServer: Set<string> | null = null;

function remember(channel: string) {
  if (keptOnServer === null || keptOnServer.has(channel)) return;
  keptOnServer.add(channel);
  rememberOpenChannel(channel).catch(() => keptOnServer?.delete(channel));
}

/** What the sessions tell the rest of the app; the chat host sets it (the topic lives in the query cache). */
export interface SessionHooks {
  topicChanged(channel: string): void;
  /** Another device closed this open channel's tab: the screen showing it moves on before the tab goes. */
  closingElsewhere(channel: string): void;
}

let hooks: SessionHooks = { topicChanged: () => undefined, closingElsewhere: () => undefined };

export function setSessionHooks(next: SessionHooks): void {
  hooks = next;
}

function say(channel: string, key: SystemKey, params: SystemParams, tone: SystemTone, detail?: string | null) {
  addLine(systemLine(channel, key, params, tone, detail));
}

/** The open channel an event's room names, with its session; null for rooms the member has no tab for. */
function sessionOf(room: string): [string, Session] | null {
  if (!room.startsWith('#')) return null;
  const channel = channelKey(room);
  const session = sessions.get(channel);
  return session ? [channel, session] : null;
}

function removed(channel: string, session: Session, event: UserKickedEvent | UserBannedEvent, kickedNow: boolean) {
  const current = getChatState().channelStatus[channel];
  const before = current?.kind === 'removed' ? current.removal : undefined;
  setChannelStatus(channel, {
    kind: 'removed',
    removal: {
      by: event.by,
      reason: event.reason ?? before?.reason ?? null,
      kicked: kickedNow || (before?.kicked ?? false),
      ban: session.ownBan,
    },
  });
}

const handlers: ChannelHandlers = {
  users: (users, room) => {
    const found = sessionOf(room);
    if (!found) return;
    const [channel] = found;
    setUsers(channel, users);
    // off a channel's screen (a reload on the blog, the profile) nothing else says the member's nickname, and
    // without it a mention is not marked and the member's own lines from another device count as unread.
    const self = selfUserId();
    const me = users.find((user) => user.id === self);
    if (me) setUserNickname(me.nickname);
    if (getChatState().channelStatus[channel]?.kind !== 'removed') setChannelStatus(channel, { kind: 'joined' });
  },
  // a join storm arrives batched: the spec's payload, then each further joiner's user (decisions 014, 022).
  'user-joined': (first, ...more) => {
    const found = sessionOf(first.room);
    if (!found) return;
    const [channel, session] = found;
    const self = selfUserId();
    for (const user of [first.user, ...more]) {
      addUser(channel, user);
      if (user.id !== self) say(channel, 'join', { nickname: user.nickname, channel }, 'join');
      else if (!session.joinedShown) say(channel, 'joinedSelf', { channel }, 'join');
      if (user.id === self) session.joinedShown = true;
    }
  },
  'user-left': (userId, room, ...more) => {
    const found = sessionOf(room);
    if (!found) return;
    const [channel, session] = found;
    for (const id of [userId, ...more]) {
      const user = getChatState().onlineUsers[channel]?.find((entry) => entry.id === id);
      removeUser(channel, id);
      if (user && !session.kicked.delete(id)) say(channel, 'part', { nickname: user.nickname, channel }, 'part');
    }
  },
  'nickname-changed': (user) => {
    patchUser(user.id, { nickname: user.nickname });
    if (user.id === selfUserId()) setUserNickname(user.nickname);
  },
  // the rename is told in every room the renamed member shares with this one; each open channel shows it.
  'user-changed-nickname': ({ oldNickname, newNickname }) => {
    const lower = oldNickname.toLowerCase();
    for (const channel of sessions.keys()) {
      const users = getChatState().onlineUsers[channel] ?? [];
      if (users.some((user) => user.nickname.toLowerCase() === lower || user.nickname === newNickname)) {
        say(channel, 'nick', { oldNickname, newNickname }, 'nick');
      }
    }
    if (oldNickname === getChatState().userNickname) setUserNickname(newNickname);
  },
  'new-message': (message) => {
    const found = sessionOf(message.channel);
    if (!found) return;
    const line = lineFromMessage(message);
    const [channel] = found;
    const self = getChatState().userNickname;
    const known = getChatState().messages[channel]?.some((existing) => existing.id === line.id) ?? false;
    addRoomLine(line, self);
    if (line.kind !== 'system') found[1].lastSeen = line.id;
    if (known || line.kind === 'system' || line.username === self) return;
    countUnread(channel, mentions(line.text, self));
  },
  'topic-updated': ({ content, channel: room, by }) => {
    const found = sessionOf(room);
    if (!found) return;
    const [channel] = found;
    hooks.topicChanged(channel);
    if (content && by) say(channel, 'topicBy', { topic: content, nickname: by }, 'topic');
    else if (content) say(channel, 'topic', { topic: content }, 'topic');
    else say(channel, 'topicCleared', {}, 'topic');
  },
  'level-changed': ({ channel: room, userId, nickname, level }) => {
    const found = sessionOf(room);
    if (!found) return;
    const [channel] = found;
    patchUser(userId, { level }, channel);
    say(channel, 'level', { nickname, levelKey: `levels.became.${levelName(level)}` }, 'level');
    if (userId === selfUserId()) setUserChannelLevel(channel, level);
  },
  'user-kicked': (event) => {
    const found = sessionOf(event.channel);
    if (!found) return;
    const [channel, session] = found;
    session.kicked.add(event.userId);
    if (event.userId !== selfUserId()) {
      say(channel, 'kick', { nickname: event.nickname, by: event.by }, 'moderation', event.reason);
      return;
    }
    say(channel, 'kickedSelf', { channel, by: event.by }, 'moderation', event.reason);
    // the server took every tab out of the room: forgetting it stops the reconnect rejoining, and the list
    // and count are no longer the member's to see (the room's parts will not reach them).
    leaveRoom(event.channel);
    setUsers(channel, []);
    removed(channel, session, event, true);
  },
  'user-banned': (event) => {
    const found = sessionOf(event.channel);
    if (!found) return;
    const [channel, session] = found;
    const until: SystemParams = event.expiresAt ? { untilTime: event.expiresAt } : {};
    const mine = event.userId === selfUserId();
    const key = mine
      ? event.expiresAt
        ? 'bannedSelf'
        : 'bannedSelfPermanent'
      : event.expiresAt
        ? 'ban'
        : 'banPermanent';
    say(channel, key, { nickname: event.nickname, by: event.by, channel, ...until }, 'moderation', event.reason);
    if (!mine) return;
    session.ownBan = { expiresAt: event.expiresAt };
    // banned after a kick (out of the room already): the notice says so, not only the kick and its rejoin.
    if (getChatState().channelStatus[channel]?.kind === 'removed') removed(channel, session, event, false);
  },
  'user-unbanned': (event) => {
    const found = sessionOf(event.channel);
    if (!found) return;
    const [channel, session] = found;
    if (event.userId === selfUserId()) {
      session.ownBan = undefined;
      say(channel, 'unbannedSelf', { channel, by: event.by }, 'moderation');
    } else {
      say(channel, 'unban', { nickname: event.nickname, by: event.by }, 'moderation');
    }
  },
};

/** When the connection went away (null while connected): a reconnect asks each open channel for what it missed. */
let droppedAt: number | null = null;

function dropped() {
  droppedAt ??= Date.now();
}

/**
 * Back from a drop: each open channel, once joined again, asks the node's memory for the lines after the last one it
 * showed. They go where the drop happened, before any line heard since the reconnect, each once, marked late; when
 * the node no longer holds that line the log says how long the connection was away.
 */
function reconnected() {
  if (droppedAt === null) return;
  const awayMs = Date.now() - droppedAt;
  droppedAt = null;
  for (const [channel, session] of sessions) {
    const at = getChatState().messages[channel]?.length ?? 0;
    const after = session.lastSeen;
    const room = clientRooms.channel(channel);
    void joinRoom(room)
      .then((joined): Promise<ReplayAnswer> | null =>
        joined.ok
          ? getSocket()
              .timeout(10_000)
              .emitWithAck('replay', after === undefined ? { room } : { room, after })
          : null,
      )
      .then((answer) => {
        if (!answer?.ok || sessions.get(channel) !== session) return;
        const late = answer.messages.filter((message) => message.username).map(lineFromMessage);
        const last = late.at(-1);
        if (last && session.lastSeen === after) session.lastSeen = last.id;
        const gap = answer.complete ? [] : [systemLine(channel, ...gapText(awayMs))];
        const self = getChatState().userNickname;
        const shown = new Set(getChatState().messages[channel]?.map((line) => line.id));
        insertLateLines(channel, at, [...gap, ...late]);
        for (const line of late)
          if (!shown.has(line.id) && line.kind !== 'system' && line.username !== self)
            countUnread(channel, mentions(line.text, self));
      }, ignore);
  }
}

function gapText(awayMs: number): [SystemKey, SystemParams, SystemTone] {
  const seconds = Math.max(1, Math.round(awayMs / 1000));
  if (seconds < 60) return ['gapSeconds', { count: seconds }, 'error'];
  return ['gapMinutes', { count: Math.round(seconds / 60) }, 'error'];
}

/** Channels whose lines changed since they were last written to the device, written together a moment later. */
const unsaved = new Set<string>();
const savedLines = new Map<string, unknown>();
let saveTimer: ReturnType<typeof setTimeout> | undefined;

function saveSoon() {
  const { messages } = getChatState();
  for (const channel of sessions.keys()) {
    const lines = messages[channel];
    if (lines && savedLines.get(channel) !== lines) unsaved.add(channel);
  }
  if (unsaved.size > 0 && saveTimer === undefined) saveTimer = setTimeout(saveNow, 300);
}

function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const userId = selfUserId();
  const { messages } = getChatState();
  for (const channel of unsaved) {
    const lines = messages[channel];
    if (userId === null || !lines || !sessions.has(channel)) continue;
    savedLines.set(channel, lines);
    // the member's own join is told again on every visit: kept, a reload would show it twice.
    const kept = lines.filter((line) => line.kind !== 'system' || line.key !== 'joinedSelf');
    saveHistory(userId, channel, kept).catch(ignore);
  }
  unsaved.clear();
}

/**
 * Another device of the account opened or closed a tab (the server tells every socket of the member): this one
 * follows, joining or leaving once, and writes nothing back. The device that made the change hears it too and,
 * having it already, does nothing.
 */
function followOtherDevice({ channel, open }: OpenChannelChange) {
  if (open) {
    keptOnServer?.add(channel);
    openChannel(channel, { remember: false });
    return;
  }
  keptOnServer?.delete(channel);
  if (!sessions.has(channel)) return;
  hooks.closingElsewhere(channel);
  dropSession(channel);
}

function listen() {
  if (stopListening) return;
  const socket = getSocket();
  socket.on('open-channel', followOtherDevice);
  const stopSaving = onChatChange(saveSoon);
  // a reload right after a line would otherwise leave it out of what the device keeps.
  window.addEventListener('pagehide', saveNow);
  const unsubscribe = subscribeChannelEvents(socket, handlers);
  // registered after the socket module's own `connect`, so the rejoin is already on its way when this runs.
  socket.on('disconnect', dropped);
  socket.on('connect', reconnected);
  // after a reconnect the socket module rejoins by itself; a refusal then (a ban set while away) ends up here.
  const stopRefusals = onRoomRefused((room, message) => {
    const found = sessionOf(room);
    if (found) setChannelStatus(found[0], { kind: 'refused', message });
  });
  stopListening = () => {
    stopSaving();
    window.removeEventListener('pagehide', saveNow);
    clearTimeout(saveTimer);
    saveTimer = undefined;
    unsaved.clear();
    savedLines.clear();
    socket.off('open-channel', followOtherDevice);
    socket.off('disconnect', dropped);
    socket.off('connect', reconnected);
    droppedAt = null;
    unsubscribe();
    stopRefusals();
  };
}

function join(channel: string, session: Session, create: boolean) {
  const attempt = ++session.attempt;
  setChannelStatus(channel, { kind: 'joining' });
  // the answer comes back once connected, so a refusal (a ban) is shown, not an endless 'joining'.
  const room = clientRooms.channel(channel);
  const joining = create ? joinRoom(room, { create: true }) : joinRoom(room);
  void joining.then((answer) => {
    if (answer.ok || sessions.get(channel) !== session || session.attempt !== attempt) return;
    const until = answer.retryAfter === undefined ? undefined : new Date(Date.now() + answer.retryAfter * 1000);
    setChannelStatus(channel, { kind: 'refused', message: answer.message ?? 'join_failed', until });
  });
}

const ignore = () => undefined;

/**
 * Opens the channel's tab and joins it, once: opening an open channel again changes nothing. `remember` keeps it
 * among the account's open channels (false while restoring them, which the server already keeps).
 */
export function openChannel(channel: string, { remember: shouldRemember = true }: { remember?: boolean } = {}): void {
  if (sessions.has(channel)) return;
  listen();
  const session: Session = {
    kicked: new Set(),
    joinedShown: false,
    ownBan: undefined,
    attempt: 0,
    lastSeen: undefined,
  };
  sessions.set(channel, session);
  addOpenChannel(channel);
  const userId = selfUserId();
  if (userId !== null) {
    loadHistory(userId, channel, isKeptLine).then((earlier) => {
      if (sessions.get(channel) === session) addEarlierLines(channel, earlier);
    }, ignore);
  }
  join(channel, session, false);
  if (shouldRemember) remember(channel);
}

/** Joins an open channel again: after a kick or a refusal, or founding it once the member said yes (`create`). */
export function rejoinChannel(channel: string, { create = false }: { create?: boolean } = {}): void {
  const session = sessions.get(channel);
  if (!session) return;
  session.kicked.clear();
  join(channel, session, create);
}

/** Closes the channel's tab: the member leaves it (the room hears one part) and every device forgets it. */
export function closeChannel(channel: string): void {
  if (!dropSession(channel)) return;
  keptOnServer?.delete(channel);
  forgetOpenChannel(channel).catch(ignore);
}

/** Leaves the channel and drops its tab on this device only; false when it was not open. */
function dropSession(channel: string): boolean {
  if (!sessions.delete(channel)) return false;
  leaveRoom(clientRooms.channel(channel));
  removeOpenChannel(channel);
  return true;
}

/**
 * Opens the channels the account keeps open (another device's tabs, or this one's before a reload), once per
 * session: the list read again later (the host mounting again after a page of another layout) would reopen tabs
 * closed since.
 */
export function restoreOpenChannels(kept: readonly string[]): void {
  if (keptOnServer !== null) return;
  // a device with no tab yet still follows the tabs another device opens.
  listen();
  const openedHere = getChatState().openChannels;
  keptOnServer = new Set(kept);
  for (const channel of mergeOpenChannels(kept)) openChannel(channel, { remember: false });
  for (const channel of openedHere) remember(channel);
}

/**
 * Forgets every open channel without touching the account's list (logout, or another member signing in on this
 * tab): the socket goes with the session, and the next member's tabs are their own.
 */
export function endChannelSessions(): void {
  stopListening?.();
  stopListening = null;
  for (const channel of sessions.keys()) leaveRoom(clientRooms.channel(channel));
  sessions.clear();
  keptOnServer = null;
}

let owner: string | null = null;

/**
 * Claims the chat for the signed-in member: a different member (another login in this tab) starts from nothing,
 * since channel lines live only in memory and belong to whoever saw them, and their tabs are their own.
 */
export function claimChatSession(username: string | null): void {
  if (owner === username) return;
  owner = username;
  endChannelSessions();
  resetChatStore();
}
