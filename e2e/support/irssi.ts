import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** irssi from Debian's package, in a tmux window of its own that the test types into and reads. */
export interface Irssi {
  /** Types a line and presses Enter, as a member at the keyboard. */
  type(line: string): Promise<void>;
  /** What the window shows now, scrollback included. */
  screen(): Promise<string>;
  /** Waits until the window shows `pattern`, failing with what it showed instead. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Ends tmux's server for this irssi (only this one: it has a socket of its own) and removes irssi's home. */
  stop(): Promise<void>;
}

/**
 * Starts irssi in a detached tmux session on a private tmux socket, with a fresh `--home` (no config of the machine's
 * user is read or written), 160×48 characters.
 */
export async function startIrssi(): Promise<Irssi> {
  const home = await mkdtemp(join(tmpdir(), 'papo-irssi-'));
  const socket = `papo-irssi-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const tmux = (...args: string[]) =>
    run('tmux', ['-L', socket, ...args], { env: { ...process.env, TERM: 'xterm-256color' } });
  await tmux('new-session', '-d', '-s', 'irssi', '-x', '160', '-y', '48', `irssi --home=${home} -n papo-e2e`);
  const screen = async () => (await tmux('capture-pane', '-p', '-J', '-t', 'irssi', '-S', '-500')).stdout;
  const irssi: Irssi = {
    async type(line) {
      await tmux('send-keys', '-t', 'irssi', '-l', line);
      await tmux('send-keys', '-t', 'irssi', 'Enter');
    },
    screen,
    async waitFor(pattern, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      let shown = '';
      while (Date.now() < deadline) {
        shown = await screen();
        if (pattern.test(shown)) return shown;
        await delay(100);
      }
      throw new Error(`irssi never showed ${pattern}; its window:\n${shown}`);
    },
    async stop() {
      await tmux('kill-server').catch(() => undefined);
      // irssi may still be writing its config and logs as tmux takes it down: a busy folder is tried again.
      await rm(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
  // irssi draws its status bar once it is ready for input.
  await irssi.waitFor(/\[\(status\)\]|\[1:/);
  // one window for everything (no window per channel), so the one pane the test reads shows the channel too.
  await irssi.type('/set autocreate_windows off');
  return irssi;
}
