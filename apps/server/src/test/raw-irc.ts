import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The IRC gateway's port on a node started with IRC_PORT=0 (it opens before `listen()` resolves). */
export function gatewayPort(app: FastifyInstance): number {
  const address = app.irc.address();
  if (!address) throw new Error('the IRC gateway is not listening (IRC_PORT unset, or the node does not listen)');
  return address.port;
}

/** Where a raw client connects; `localAddress` picks a loopback source (127.0.x.y), as another machine would. */
export interface RawIrcTarget {
  host: string;
  port: number;
  localAddress?: string;
}

/**
 * One IRC connection written byte by byte (no client library: it must be able to send what no library would), lines
 * read as the server sent them. PING is answered, as every client does.
 */
export interface RawIrc {
  /** The lines received so far (without CR LF), when kept; the bench reads them through `onLine` only. */
  readonly received: string[];
  onLine(handler: (line: string) => void): void;
  /** Bytes as they are: the caller writes any CR LF. */
  write(data: string | Buffer): void;
  /** One line, CR LF added. */
  send(line: string): void;
  /**
   * The first line (received from index `from` on, or to come) that passes `test`; rejects when the connection ends
   * first or after `timeoutMs`. Pass `received.length` as `from` to look only at what follows.
   */
  waitFor(test: (line: string) => boolean, timeoutMs?: number, from?: number): Promise<string>;
  /** Whether the server has closed the connection. */
  readonly isEnded: boolean;
  /** Resolves once the connection is closed, by either side. */
  readonly ended: Promise<void>;
  /** Stops reading, as a client that no longer takes what it is sent. */
  pause(): void;
  close(): void;
}

/**
 * The n-th source address of loopback network 127.`network`.0.0, skipping .0 and .255 (Linux answers all of 127/8 on
 * lo): each a client machine of its own for the gateway's per-address limits.
 */
export function loopbackSource(n: number, network: number): string {
  return `127.${network}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
}

export async function connectRawIrc(target: RawIrcTarget, options: { keep?: boolean } = {}): Promise<RawIrc> {
  const socket = net.connect({ host: target.host, port: target.port, localAddress: target.localAddress });
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const keep = options.keep ?? true;
  const received: string[] = [];
  const handlers: ((line: string) => void)[] = [];
  let pending = '';
  let isEnded = false;
  const ended = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isEnded = true;
      resolve();
    }),
  );
  socket.on('error', () => undefined);
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    pending += chunk;
    let at = pending.indexOf('\n');
    while (at !== -1) {
      const line = pending.slice(0, at).replace(/\r$/, '');
      pending = pending.slice(at + 1);
      if (line.startsWith('PING')) socket.write(`PONG${line.slice(4)}\r\n`);
      if (keep) received.push(line);
      for (const handler of handlers) handler(line);
      at = pending.indexOf('\n');
    }
  });
  return {
    received,
    onLine: (handler) => void handlers.push(handler),
    write: (data) => void (socket.writable && socket.write(data)),
    send: (line) => void (socket.writable && socket.write(`${line}\r\n`)),
    waitFor(test, timeoutMs = 10_000, from = 0) {
      const seen = received.slice(from).find(test);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such line within ${timeoutMs} ms; last lines: ${received.slice(-5).join(' | ')}`)),
          timeoutMs,
        );
        handlers.push((line) => {
          if (!test(line)) return;
          clearTimeout(timer);
          resolve(line);
        });
        void ended.then(() => {
          clearTimeout(timer);
          reject(new Error(`the server closed the connection; last lines: ${received.slice(-5).join(' | ')}`));
        });
      });
    },
    get isEnded() {
      return isEnded;
    },
    ended,
    pause: () => void socket.pause(),
    close: () => socket.destroy(),
  };
}

/** The command of a raw line (`:server 001 nick :Welcome` → `001`), tags and source skipped. */
export function commandOf(line: string): string {
  const words = line.split(' ');
  let index = 0;
  if (words[index]?.startsWith('@')) index += 1;
  if (words[index]?.startsWith(':')) index += 1;
  return words[index] ?? '';
}

/**
 * Registers with SASL PLAIN as modern clients do (`CAP LS 302`, `CAP REQ :sasl`, `AUTHENTICATE`, `CAP END`) and waits
 * for the welcome (001); the account's name and password as the web's sign-in takes them.
 */
export async function registerRawIrc(
  client: RawIrc,
  account: { username: string; password: string; nick?: string },
  timeoutMs = 30_000,
): Promise<void> {
  const nick = account.nick ?? account.username;
  client.send('CAP LS 302');
  client.send(`NICK ${nick}`);
  client.send(`USER ${account.username} 0 * :${account.username}`);
  await client.waitFor((line) => commandOf(line) === 'CAP' && / LS /.test(line) && !/ LS \* /.test(line), timeoutMs);
  client.send('CAP REQ :sasl');
  await client.waitFor((line) => commandOf(line) === 'CAP' && / ACK /.test(line), timeoutMs);
  client.send('AUTHENTICATE PLAIN');
  await client.waitFor((line) => line.startsWith('AUTHENTICATE +') || commandOf(line) === 'AUTHENTICATE', timeoutMs);
  client.send(`AUTHENTICATE ${Buffer.from(`\0${account.username}\0${account.password}`).toString('base64')}`);
  const outcome = await client.waitFor(
    (line) => ['903', '904', '902', '905', '906'].includes(commandOf(line)),
    timeoutMs,
  );
  if (commandOf(outcome) !== '903') throw new Error(`SASL refused: ${outcome}`);
  client.send('CAP END');
  await client.waitFor((line) => commandOf(line) === '001', timeoutMs);
}
