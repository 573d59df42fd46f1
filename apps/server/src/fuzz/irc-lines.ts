import fc from 'fast-check';

/** The kinds of hostile input `npm run fuzz:irc` sends, each on connections of its own. */
export type HostileKind = 'overlong' | 'utf8' | 'unknown' | 'ctcp' | 'nul' | 'missing' | 'random' | 'framing';

const crlf = Buffer.from('\r\n');
const line = (text: string): Buffer => Buffer.concat([Buffer.from(text, 'utf8'), crlf]);
const bytes = (...parts: (string | number[])[]): Buffer =>
  Buffer.concat([
    ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))),
    crlf,
  ]);

/** Commands a client may send, so generated lines reach each command's own checks, not only "unknown command". */
const commands = [
  'PRIVMSG',
  'NOTICE',
  'JOIN',
  'PART',
  'NAMES',
  'TOPIC',
  'KICK',
  'MODE',
  'NICK',
  'USER',
  'PASS',
  'CAP',
  'AUTHENTICATE',
  'WHOIS',
  'WHO',
  'LIST',
  'PING',
  'PONG',
  'AWAY',
  'QUIT',
  'TAGMSG',
  'INVITE',
  'MOTD',
  'ISON',
  'USERHOST',
  'OPER',
  'KILL',
  'SQUIT',
] as const;

/** Every command with too few parameters (none, then only its target), as a broken or hostile client sends them. */
const missing = commands.flatMap((command) => [
  command,
  `${command} `,
  `${command} :`,
  `${command} #barra`,
  `${command} ChanServ`,
]);

/** Lines past the limits: 512 bytes, 8,191 with tags, and a tag section alone too long. */
const overlong = [
  `PRIVMSG #barra :${'a'.repeat(600)}`,
  `PRIVMSG #barra :${'é'.repeat(5_000)}`,
  `@${'a=b;'.repeat(3_000)} PRIVMSG #barra :tags`,
  `@+typing=active;${'x'.repeat(9_000)} TAGMSG #barra`,
  `JOIN ${Array.from({ length: 400 }, (_, i) => `#c${i}`).join(',')}`,
  `NICK ${'n'.repeat(1_000)}`,
  `TOPIC #barra :${'t'.repeat(2_000)}`,
  `:${'p'.repeat(2_000)} PRIVMSG #barra :a long source`,
  `${'X'.repeat(20_000)}`,
];

/** Byte sequences that are not UTF-8: stray continuation bytes, overlong forms, surrogates, cut sequences, Latin-1. */
const utf8 = [
  bytes('PRIVMSG #barra :', [0xff, 0xfe, 0xfd]),
  bytes('PRIVMSG #barra :', [0xc0, 0xaf]),
  bytes('PRIVMSG #barra :', [0xed, 0xa0, 0x80]),
  bytes('PRIVMSG #barra :caf', [0xe9]),
  bytes('PRIVMSG #barra :', [0xe2, 0x82]),
  bytes('NICK ', [0xe9, 0xe9]),
  bytes('JOIN #', [0xf8, 0x88, 0x80, 0x80, 0x80]),
  bytes([0x80, 0x80, 0x80]),
  bytes('TOPIC #barra :', [0xf4, 0x90, 0x80, 0x80]),
];

const ctcp = [
  'PRIVMSG #barra :\u0001VERSION\u0001',
  'PRIVMSG #barra :\u0001PING 123456\u0001',
  'PRIVMSG #barra :\u0001DCC SEND evil.exe 2130706433 6667 1000\u0001',
  'PRIVMSG #barra :\u0001ACTION',
  'PRIVMSG #barra :\u0001\u0001',
  'PRIVMSG #barra :\u0001ACTION \u0001ACTION nested\u0001\u0001',
  'NOTICE #barra :\u0001VERSION irssi\u0001',
  'PRIVMSG ChanServ :\u0001VERSION\u0001',
  'PRIVMSG NickServ :\u0001TIME\u0001',
  `PRIVMSG #barra :\u0001${'A'.repeat(480)}\u0001`,
];

const nul = [
  'PRIVMSG #barra :a\u0000b',
  'NICK a\u0000b',
  'JOIN #bar\u0000ra',
  '\u0000\u0000\u0000',
  'CAP LS\u0000 302',
  'TOPIC #barra :\u0000',
  'PRIVMSG ChanServ :OP #barra \u0000ana',
];

/** Framing: empty lines, bare CR, LF alone, lines of spaces, a source and no command, a tag section and no command. */
const framing = [
  Buffer.from('\r\n\r\n\n\n\r\r'),
  Buffer.from('PING :a\rPING :b\r\n'),
  Buffer.from('PING :c\nPING :d\n'),
  line('   '),
  line(':source'),
  line('@tag=value'),
  line('@ :x PRIVMSG'),
  line(':x 001 me :I am a server'),
  line(
    'PRIVMSG #barra #barra #barra #barra #barra #barra #barra #barra #barra #barra #barra #barra #barra #barra #barra #barra :many params',
  ),
];

const unknownCommand = fc
  .oneof(
    fc.stringMatching(/^[A-Z]{1,12}$/),
    fc.stringMatching(/^[0-9]{3}$/),
    fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 20 }).map((text) => text.replace(/[\r\n]/g, '')),
  )
  .map((command) => `${command} some parameters :and text`);

const randomLine = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...commands),
      fc.array(
        fc.oneof(
          fc.constantFrom('#barra', 'ChanServ', 'NickServ', '*', ':', '+o', '-b', '0'),
          fc.string({ maxLength: 30 }),
        ),
        { maxLength: 6 },
      ),
    )
    .map(([command, params]) => `${command} ${params.join(' ')}`.replace(/[\r\n]/g, '')),
  fc.uint8Array({ maxLength: 300 }).map((array) =>
    Buffer.from(array)
      .toString('latin1')
      .replace(/[\r\n]/g, ''),
  ),
);

/** `count` hostile lines of one kind (each a whole line, CR LF included), the same for the same seed. */
export function hostileLines(kind: HostileKind, count: number, seed: number): Buffer[] {
  const fixed: Record<Exclude<HostileKind, 'unknown' | 'random'>, Buffer[]> = {
    overlong: overlong.map(line),
    utf8,
    ctcp: ctcp.map(line),
    nul: nul.map(line),
    missing: missing.map(line),
    framing,
  };
  if (kind === 'unknown' || kind === 'random') {
    return fc.sample(kind === 'unknown' ? unknownCommand : randomLine, { numRuns: count, seed }).map(line);
  }
  const source = fixed[kind];
  return Array.from({ length: Math.ceil(count / source.length) }, () => source)
    .flat()
    .slice(0, count);
}

/** A storm of JOINs: new channel names (each a founding the rules must bound), the same channel again, and `JOIN 0`. */
export function joinStorm(count: number): Buffer[] {
  return Array.from({ length: count }, (_, i) => {
    if (i % 10 === 0) return line('JOIN #barra');
    if (i % 97 === 0) return line('JOIN 0');
    return line(`JOIN #fuzz-${i}`);
  });
}
