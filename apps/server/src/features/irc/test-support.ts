import type { FastifyInstance } from 'fastify';
import irc from 'irc-framework';
import { gatewayPort } from '../../test/raw-irc.js';
import { waitFor } from '../../test/wait-for.js';
import { goodPassword } from '../../test/users.js';

/** An irc-framework client with every line it was sent, in order (`lines`), for assertions on the raw protocol. */
export interface IrcTestClient {
  client: InstanceType<typeof irc.Client>;
  lines: string[];
  /** Resolves with the first line after `from` (an index into `lines`) that matches; fails after a while. */
  line(pattern: RegExp, from?: number): Promise<string>;
  /** How many lines arrived so far: pass it to `line` to look only at what follows. */
  mark(): number;
  /** Whether the server closed the link (after its ERROR line). */
  closed(): boolean;
  quit(): void;
}

export interface IrcLogin {
  nick: string;
  /** SASL PLAIN with this account (the default: the nick with the tests' password). */
  account?: { account: string; password: string };
  /** `PASS` instead of SASL. */
  password?: string;
  echo?: boolean;
  /** The gateway speaks TLS (its certificate is self-signed in tests). */
  tls?: boolean;
  /** The client's own loopback address (`loopbackSource`), so its sign-in counts against no other test's address. */
  source?: string;
}

/** Connects a real IRC client (irc-framework, The Lounge's) the way a member would; resolves once the socket is open. */
export async function connectIrc(app: FastifyInstance, login: IrcLogin): Promise<IrcTestClient> {
  const client = new irc.Client();
  const lines: string[] = [];
  let closed = false;
  client.on('raw', (event: { line: string; from_server: boolean }) => {
    if (event.from_server) lines.push(event.line.replace(/\r?\n$/, ''));
  });
  client.on('close', () => {
    closed = true;
  });
  client.on('socket close', () => {
    closed = true;
  });
  const account =
    login.password === undefined ? (login.account ?? { account: login.nick, password: goodPassword }) : undefined;
  client.connect({
    host: '127.0.0.1',
    port: gatewayPort(app),
    nick: login.nick,
    username: login.nick,
    gecos: login.nick,
    auto_reconnect: false,
    enable_echomessage: login.echo ?? false,
    ping_interval: 0,
    ...(account ? { account } : {}),
    ...(login.password !== undefined ? { password: login.password } : {}),
    ...(login.tls ? { tls: true, rejectUnauthorized: false } : {}),
    ...(login.source ? { outgoing_addr: login.source } : {}),
  });
  const found = async (pattern: RegExp, from = 0) => {
    let hit: string | undefined;
    try {
      await waitFor(`an IRC line matching ${pattern}`, () => {
        hit = lines.slice(from).find((line) => pattern.test(line));
        return hit !== undefined;
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}; heard:\n${lines.slice(from).join('\n')}`);
    }
    return hit!;
  };
  return {
    client,
    lines,
    line: found,
    mark: () => lines.length,
    closed: () => closed,
    quit: () => client.quit('bye'),
  };
}

/** Connects and waits for the welcome (001). */
export async function registeredIrc(app: FastifyInstance, login: IrcLogin): Promise<IrcTestClient> {
  const connected = await connectIrc(app, login);
  await connected.line(/ 001 /);
  return connected;
}
