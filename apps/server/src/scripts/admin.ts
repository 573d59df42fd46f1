// `npm run admin -- …`: the operator's commands (admin-commands.ts), each printing one line, or one line on stderr
// and exit code 1 for what the operator can fix.
import { ConfigError } from '../config.js';
import { copyUploadsCommand, createUserCommand, UsageError } from './admin-commands.js';

try {
  const argv = process.argv.slice(2);
  process.stdout.write(`${await (argv[0] === 'uploads' ? copyUploadsCommand(argv) : createUserCommand(argv))}\n`);
} catch (error) {
  const known = error instanceof UsageError || error instanceof ConfigError;
  process.stderr.write(`admin: ${known ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exitCode = 1;
}
