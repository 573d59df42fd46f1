/** Registration: CAP negotiation, SASL PLAIN or PASS against the web's sign-in, then the welcome and the node's Socket.IO. */
import { socketPath } from '@papo/contract/socket-events';
import { io as connectSocket } from 'socket.io-client';
import type { Bridge, IrcConnection } from './connection.js';
import type { IrcMessage } from './line.js';
import { changeNick } from './member-commands.js';
import { lower } from './names.js';
import { followConversations, listen } from './relay.js';
import { reasonOfKey } from './replies.js';

/** Capabilities offered at `CAP LS` (IRCv3); `sasl` carries its mechanism at 302. */
// NOTE: account-tag and away-notify are not offered: a channel message names its sender's nickname only, and the web
// has no away state to notify of.
const capabilities = ['sasl', 'server-time', 'message-tags', 'multi-prefix', 'echo-message'] as const;

export async function cap(c: IrcConnection, { params }: IrcMessage): Promise<void> {
  const sub = (params[0] ?? '').toUpperCase();
  if (sub === 'LS') {
    if (!c.registered) c.negotiating = true;
    const v302 = Number(params[1] ?? 0) >= 302;
    const offered = capabilities.map((cap) => (cap === 'sasl' && v302 ? 'sasl=PLAIN' : cap)).join(' ');
    c.send({ source: c.source, command: 'CAP', params: [c.nick, 'LS', offered] });
  } else if (sub === 'REQ') {
    if (!c.registered) c.negotiating = true;
    const wanted = (params[1] ?? '').split(' ').filter(Boolean);
    const known = new Set<string>(capabilities);
    const ok = wanted.every((cap) => known.has(cap.replace(/^-/, '')));
    if (ok) for (const cap of wanted) if (cap.startsWith('-')) c.caps.delete(cap.slice(1)); else c.caps.add(cap);
    c.send({ source: c.source, command: 'CAP', params: [c.nick, ok ? 'ACK' : 'NAK', params[1] ?? ''] });
  } else if (sub === 'LIST') {
    c.send({ source: c.source, command: 'CAP', params: [c.nick, 'LIST', [...c.caps].join(' ')] });
  } else if (sub === 'END') {
    c.negotiating = false;
    await tryRegister(c);
  } else {
    c.numeric('410', sub || '*', 'Invalid CAP command');
  }
}

export async function authenticate(c: IrcConnection, { params }: IrcMessage): Promise<void> {
  if (c.account) return c.numeric('907', 'You have already authenticated using SASL');
  const value = params[0] ?? '';
  if (value === '*') {
    c.saslBuffer = undefined;
    return c.numeric('906', 'SASL authentication aborted');
  }
  if (c.saslBuffer === undefined) {
    if (value.toUpperCase() !== 'PLAIN') return c.numeric('908', 'PLAIN', 'are available SASL mechanisms');
    c.saslBuffer = '';
    return c.send({ command: 'AUTHENTICATE', params: ['+'] });
  }
  if (value !== '+') c.saslBuffer += value;
  if (c.saslBuffer.length > 1200) {
    c.saslBuffer = undefined;
    return c.numeric('905', 'SASL message too long');
  }
  // NOTE: a piece of 400 bytes means more follow (SASL's chunking); a shorter one, or `+`, ends the message.
  if (value.length === 400) return;
  const [, login = '', secret = ''] = Buffer.from(c.saslBuffer, 'base64').toString('utf8').split('\0');
  c.saslBuffer = undefined;
  const outcome = await c.gateway.login(c.address, login, secret);
  if ('refused' in outcome) {
    c.saslFailed = outcome;
    return c.numeric('904', `SASL authentication failed: ${outcome.refused}`);
  }
  c.account = outcome;
  c.saslFailed = undefined;
  c.numeric('900', c.mask(c.requestedNick ?? outcome.username), outcome.username, `You are now logged in as ${outcome.username}`);
  c.numeric('903', 'SASL authentication successful');
}

export async function tryRegister(c: IrcConnection): Promise<void> {
  if (c.registered || c.negotiating || !c.requestedNick || !c.userName || c.closed) return;
  if (!c.account && c.password !== undefined) {
    // NOTE: `PASS username:password`, or `PASS password` with the username in USER, for clients without SASL.
    const colon = c.password.indexOf(':');
    const [login, secret] = colon > 0 ? [c.password.slice(0, colon), c.password.slice(colon + 1)] : [c.userName, c.password];
    const outcome = await c.gateway.login(c.address, login, secret);
    if ('refused' in outcome) {
      c.numeric(outcome.banned ? '465' : '464', outcome.refused);
      return c.close(`Authentication failed: ${outcome.refused}`);
    }
    c.account = outcome;
  }
  if (!c.account) {
    const failed = c.saslFailed;
    c.numeric(failed?.banned ? '465' : '464', failed?.refused ?? 'Papo needs your account: SASL PLAIN or PASS username:password');
    return c.close(`Authentication failed: ${failed?.refused ?? 'no SASL or PASS given'}`);
  }
  const refusal = c.gateway.admit(c, c.account.id);
  if (refusal) return c.close(refusal);
  c.registered = true;
  c.nick = (await c.gateway.selectedNickname(c.account.id)) ?? c.account.username;
  try {
    c.bridge = await connectBridge(c, c.account);
  } catch (error) {
    return c.close(error instanceof Error ? reasonOfKey(error.message) : 'service_unavailable');
  }
  welcome(c);
  if (c.requestedNick && lower(c.requestedNick) !== lower(c.nick)) await changeNick(c, c.requestedNick, true);
  await followConversations(c);
}

function welcome(c: IrcConnection): void {
  const name = c.gateway.serverName;
  c.numeric('001', `Welcome to Papo, ${c.mask(c.nick)}`);
  c.numeric('002', `Your host is ${name}, running Papo`);
  c.numeric('003', 'This server speaks IRC for Papo');
  c.numeric('004', name, 'papo', 'i', 'bnt');
  c.numeric(
    '005',
    'CASEMAPPING=ascii',
    'CHANTYPES=#',
    'PREFIX=(qaov)~&@+',
    'CHANMODES=b,,,nt',
    'NETWORK=Papo',
    'NICKLEN=31',
    'CHANNELLEN=32',
    'TOPICLEN=300',
    'UTF8ONLY',
    'are supported by this server',
  );
  c.numeric('422', 'MOTD File is missing');
}

/** The node's own Socket.IO, as a member's tab: presence, rooms and every broadcast as the web gets them. */
async function connectBridge(c: IrcConnection, account: { id: number; username: string; roles: string[] }): Promise<Bridge> {
  const { sessionId, token } = await c.gateway.openLink(account);
  c.sessionId = sessionId;
  const bridge: Bridge = connectSocket(c.gateway.socketUrl(), {
    path: socketPath,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    bridge.once('connect', () => resolve());
    bridge.once('connect_error', (error: Error & { data?: { message?: string } }) => {
      bridge.disconnect();
      reject(new Error(error.data?.message ?? 'service_unavailable'));
    });
  });
  listen(c, bridge);
  return bridge;
}
