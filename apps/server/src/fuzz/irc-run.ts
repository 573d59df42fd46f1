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
}

async function ending(client: RawIrc, marker: string): Promise<Outcome> {
  client.send(`PING :${marker}`);
  try {
    await client.waitFor((line) => commandOf(line) === 'PONG' && line.includes(marker), 30_000);
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
  };
  let address = options.firstAddress ?? 0;
  let signIns = 0;
  const pass = async (kind: string, registered: boolean, lines: Buffer[]) => {
    const client = await connectRawIrc({ ...options.target, localAddress: loopbackSource(address++, 1) });
    result.connections += 1;
    try {
      if (registered) {
        await registerRawIrc(client, options.accounts[signIns++ % options.accounts.length]!);
        client.send('JOIN #barra');
        await client.waitFor((line) => commandOf(line) === '366');
      }
      for (const line of lines) {
        if (client.isEnded) break;
        client.write(line);
        result.lines += 1;
        result.bytes += line.length;
      }
      const outcome = await ending(client, `fuzz-${result.connections}`);
      result.outcomes[outcome] += 1;
      if (outcome === 'droppedSilently' || outcome === 'unanswered') {
        result.counterexamples.push({ kind, registered, outcome, lastLines: client.received.slice(-5) });
      }
      for (const line of client.received) {
        const command = commandOf(line);
        if (/^\d{3}$/.test(command) || command === 'ERROR') result.answers[command] = (result.answers[command] ?? 0) + 1;
      }
    } finally {
      client.close();
      await client.ended;
    }
  };
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, kind] of kinds.entries()) {
      const lines = hostileLines(kind, options.linesPerKind, options.seed + round * kinds.length + index);
      await pass(kind, false, lines);
      await pass(kind, true, lines);
    }
  }
  await pass('joins', true, joinStorm(options.joins));
  return result;
}
