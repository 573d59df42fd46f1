// `npm run admin -- …`: the operator's commands (admin-commands.ts), each printing its result, or one line on stderr
// and exit code 1 for what the operator can fix.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { ConfigError } from '../config.js';
import { runAdminCommand, UsageError } from './admin-commands.js';

/**
 * A password typed at a terminal, not echoed; piped in (`printf '%s\n' "$PASS" | npm run admin -- …`), the first line of
 * standard input.
 */
async function askPassword(prompt: string): Promise<string> {
  const terminal = process.stdin.isTTY;
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output, terminal });
  try {
    if (terminal) process.stderr.write(prompt);
    muted = true;
    const line = await new Promise<string | undefined>((resolve) => {
      lines.once('line', resolve);
      lines.once('close', () => resolve(undefined));
    });
    if (terminal) process.stderr.write('\n');
    if (line === undefined)
      throw new UsageError('password: none given (type it when asked, or pipe it on standard input)');
    return line;
  } finally {
    lines.close();
  }
}

try {
  const result = await runAdminCommand(process.argv.slice(2), {
    env: process.env,
    password: askPassword,
    progress: (line) => process.stdout.write(`${line}\n`),
    warn: (line) => process.stderr.write(`admin: ${line}\n`),
  });
  process.stdout.write(`${result}\n`);
} catch (error) {
  const known = error instanceof UsageError || error instanceof ConfigError;
  process.stderr.write(
    `admin: ${known ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exitCode = 1;
}
