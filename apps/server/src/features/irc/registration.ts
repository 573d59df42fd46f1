/** Registration: CAP negotiation, SASL PLAIN or PASS against the web's sign-in, then the welcome and the node's rooms. */
import { remember } from '../../realtime/handshake-auth.js';
import { NodeMember } from '../../realtime/node-member.js';
import type { IrcConnection } from './connection.js';
import type { IrcAccount } from './gateway-types.js';
import type { IrcMessage } from './line.js';
import { changeNick } from './member-commands.js';
import { lower } from './names.js';
import { followConversations, linkEnded, memberGone, relay } from './relay.js';
import { reasonOfKey } from './replies.js';

/** Capabilities offered at `CAP LS` (IRCv3); `sasl` carries its mechanism at 302. */
// account-tag and away-notify are not offered: a channel message names its sender's nickname only, and the web
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
    if (ok)
      for (const cap of wanted)
        if (cap.startsWith('-')) c.caps.delete(cap.slice(1));
        else c.caps.add(cap);
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
  // a piece of 400 bytes means more follow (SASL's chunking); a shorter one, or `+`, ends the message.
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
  c.numeric(
    '900',
    c.mask(c.requestedNick ?? outcome.username),
    outcome.username,
    `You are now logged in as ${outcome.username}`,
  );
  c.numeric('903', 'SASL authentication successful');
}

export async function tryRegister(c: IrcConnection): Promise<void> {
  if (c.registered || c.negotiating || !c.requestedNick || !c.userName || c.closed) return;
  if (!c.account && c.password !== undefined) {
    // `PASS username:password`, or `PASS password` with the username in USER, for clients without SASL.
    const colon = c.password.indexOf(':');
    const [login, secret] =
      colon > 0 ? [c.password.slice(0, colon), c.password.slice(colon + 1)] : [c.userName, c.password];
    const outcome = await c.gateway.login(c.address, login, secret);
    if ('refused' in outcome) {
      c.numeric(outcome.banned ? '465' : '464', outcome.refused);
      return c.close(`Authentication failed: ${outcome.refused}`);
    }
    c.account = outcome;
  }
  if (!c.account) {
    const failed = c.saslFailed;
    c.numeric(
      failed?.banned ? '465' : '464',
      failed?.refused ?? 'Papo needs your account: SASL PLAIN or PASS username:password',
    );
    return c.close(`Authentication failed: ${failed?.refused ?? 'no SASL or PASS given'}`);
  }
  const refusal = c.gateway.admit(c, c.account.id);
  if (refusal) return c.close(refusal);
  c.registered = true;
  c.nick = (await c.gateway.selectedNickname(c.account.id)) ?? c.account.username;
  try {
    await enterNode(c, c.account);
  } catch (error) {
    c.gateway.log.warn({ err: error }, 'irc link: starting its sign-in failed');
    return c.close(reasonOfKey('service_unavailable'));
  }
  if (c.closed) return;
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

/**
 * Starts the link's sign-in and puts it in the node's rooms as a member: presence, rooms and every broadcast as a
 * tab gets them, from every node. The sign-in is checked again each time an access token of it would expire.
 */
async function enterNode(c: IrcConnection, account: IrcAccount): Promise<void> {
  const { sessionId, token } = await c.gateway.openLink(account);
  // a link closed while its sign-in was being started ends it here; later, its own close does.
  if (c.closed) return c.gateway.endLink(sessionId);
  c.sessionId = sessionId;
  const claims = await c.gateway.tokens.verifyAccessToken(token);
  if (c.closed) return;
  const data = { userId: account.id, username: c.nick, roles: claims.roles };
  c.member = new NodeMember(
    c.gateway.realtime.io,
    data,
    (heard) => relay(c, heard),
    (reason) => memberGone(c, reason),
  );
  // a sign-out of this sign-in, or of every one, reaches the member as it reaches a tab (`signed-out`).
  remember(c.member.socket, claims);
  checkAgainAt(c, claims.expiresAtMs);
}

/** At the access token's expiry the account is read again (roles, lock, the sign-in still open), as a tab renews. */
function checkAgainAt(c: IrcConnection, expiresAtMs: number): void {
  const timer = setTimeout(
    () => {
      c.timers.splice(c.timers.indexOf(timer), 1);
      const { account, sessionId, member } = c;
      if (!account || !sessionId || !member || c.closed) return;
      c.gateway
        .renewLink(account.id, sessionId)
        .then(async (token) => {
          if (!token) return linkEnded(c);
          const claims = await c.gateway.tokens.verifyAccessToken(token);
          if (c.closed) return;
          member.data.roles = claims.roles;
          remember(member.socket, claims);
          checkAgainAt(c, claims.expiresAtMs);
        })
        .catch((error: unknown) => {
          // the database away is no reason to close a member's link; it is asked again in a minute.
          c.gateway.log.warn({ err: error }, 'irc link: renewing its sign-in failed');
          if (!c.closed) checkAgainAt(c, Date.now() + 60_000);
        });
    },
    Math.max(0, expiresAtMs - Date.now()),
  );
  timer.unref();
  c.timers.push(timer);
}
