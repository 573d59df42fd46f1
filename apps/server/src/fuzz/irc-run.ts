import { commandOf, connectRawIrc, loopbackSource, registerRawIrc, type RawIrc } from '../test/raw-irc.js';
import { hostileLines, joinStorm, type HostileKind } from './irc-lines.js';

const kinds: readonly HostileKind[] = ['overlong', 'utf8', 'unknown', 'ctcp', 'nul', 'missing', 'random', 'framing'];

export interface IrcFuzzOptions {
  /** The gateway (IRC_HOST and its port). */
  target: { host: string; port: number };
  /**
   * Verified members, so every kind is sent after registration too, inside #barra; taken in turn, so no one account
   * meets the sign-in limits.
   */
  accounts: readonly { username: string; password: string }[];
  /** Lines of each kind per connection. */
  linesPerKind: number;
  /** JOINs of the storm (one registered connection). */
  joins: number;
  rounds: number;
  seed: number;
  /** Connections fuzzed at once (4 by default). */
  concurrency?: number;
  /** First loopback source address to use (each connection gets its own, as clients from many machines would). */
  firstAddress?: number;
}

/** How one connection ended: still answering PING, closed by the server with an ERROR line, or closed without one. */
type Outcome = 'open' | 'closedWithReason' | 'droppedSilently' | 'unanswered';

export interface IrcFuzzResult {
  connections: number;
  lines: number;
  bytes: number;
  outcomes: Record<Outcome, number>;
  /** A connection that was dropped without an ERROR, or stopped answering: which kind, and its last lines. */
  counterexamples: { kind: string; registered: boolean; outcome: Outcome; lastLines: string[] }[];
  /** Lines the server answered with, ERROR and numerics, counted by command (what a client was told). */
  answers: Record<string, number>;
  /** From the JOIN storm's first line to the PONG after its last (the gateway answers a connection in order). */
  joinStormMs: number;
}

/**
 * Asks PING after the hostile lines and waits for its PONG: the gateway answers a connection's lines in order, so the
 * wait grows with the lines sent (30 s, plus 20 ms a line: a JOIN of an unknown channel is a database read).
 */
async function ending(client: RawIrc, marker: string, lines: number): Promise<Outcome> {
  client.send(`PING :${marker}`);
  try {
    await client.waitFor((line) => commandOf(line) === 'PONG' && line.includes(marker), 30_000 + 20 * lines);
    return 'open';
  } catch {
    if (!client.isEnded) return 'unanswered';
    return client.received.some((line) => commandOf(line) === 'ERROR') ? 'closedWithReason' : 'droppedSilently';
  }
}

/**
 * Sends hostile lines of every kind, on fresh connections before registration and on registered members' connections
 * in #barra, then a storm of JOINs; each connection must end answering PING or closed with an ERROR that says why.
 */
export async function fuzzIrc(options: IrcFuzzOptions): Promise<IrcFuzzResult> {
  const result: IrcFuzzResult = {
    connections: 0,
    lines: 0,
    bytes: 0,
    outcomes: { open: 0, closedWithReason: 0, droppedSilently: 0, unanswered: 0 },
    counterexamples: [],
    answers: {},
    joinStormMs: 0,
  };
  let address = options.firstAddress ?? 0;
  let signIns = 0;
  const pass = async (kind: string, registered: boolean, lines: Buffer[]) => {
    const client = await connectRawIrc({ ...options.target, localAddress: loopbackSource(address++, 1) });
    result.connections += 1;
    try {
      if (registered) {
        const account = options.accounts[signIns++ % options.accounts.length];
        if (!account) throw new Error('a registered pass needs at least one account');
        await registerRawIrc(client, account);
        client.send('JOIN #barra');
        await client.waitFor((line) => commandOf(line) === '366');
      }
      const sentFrom = Date.now();
      for (const line of lines) {
        if (client.isEnded) break;
        client.write(line);
        result.lines += 1;
        result.bytes += line.length;
      }
      const outcome = await ending(client, `fuzz-${result.connections}`, lines.length);
      if (kind === 'joins') result.joinStormMs = Date.now() - sentFrom;
      result.outcomes[outcome] += 1;
      if (outcome === 'droppedSilently' || outcome === 'unanswered') {
        result.counterexamples.push({ kind, registered, outcome, lastLines: client.received.slice(-5) });
      }
      for (const line of client.received) {
        const command = commandOf(line);
        if (/^\d{3}$/.test(command) || command === 'ERROR')
          result.answers[command] = (result.answers[command] ?? 0) + 1;
      }
    } finally {
      client.close();
      await client.ended;
    }
  };
  const passes: (() => Promise<void>)[] = [];
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, kind] of kinds.entries()) {
      const lines = hostileLines(kind, options.linesPerKind, options.seed + round * kinds.length + index);
      passes.push(
        () => pass(kind, false, lines),
        () => pass(kind, true, lines),
      );
    }
  }
  // the storm first: the gateway answers its JOINs one after another, the longest pass, beside the others.
  passes.unshift(() => pass('joins', true, joinStorm(options.joins)));
  // a few connections at once, as clients arrive; each account stays under its 5 links per node.
  const lanes = Array.from({ length: options.concurrency ?? 4 }, async () => {
    for (let next = passes.shift(); next; next = passes.shift()) await next();
  });
  await Promise.all(lanes);
  return result;
}
