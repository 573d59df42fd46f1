import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

/** A port where nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const message = (n: number) => ({
  to: `to${n}@example.com`,
  subject: `Subject ${n}`,
  text: `Body ${n}\n`,
  html: `<p>Body ${n}</p>`,
});

describe('createMailer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'papo-mail-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes .eml files to the outbox in sending order and logs each with its subject', async () => {
    const { log, lines } = capturingLogger();
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ from: 'Papo <no-reply@papo.test>', outboxDir, log });
    await Promise.all([1, 2, 3].map((n) => mailer.send(message(n))));
    const files = (await readdir(outboxDir)).sort();
    const recipients = await Promise.all(
      files.map(async (f) => /^To: (.*)$/m.exec(await readFile(path.join(outboxDir, f), 'utf8'))?.[1]),
    );
    expect(recipients).toEqual(['to1@example.com', 'to2@example.com', 'to3@example.com']);
    // writes finish in any order, so only the file names (fixed when sending starts) carry the order.
    const logged = lines.filter((l) => l.msg === 'mail written to outbox').map((l) => String(l.subject));
    expect(logged.sort()).toEqual(['Subject 1', 'Subject 2', 'Subject 3']);
    await mailer.close();
  });

  it('sendLater returns at once, logs a failed delivery instead of throwing, and close waits for it', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: 'x@papo.test',
      outboxDir: dir,
      log,
    });
    await expect(mailer.send(message(1))).rejects.toThrow();
    mailer.sendLater(message(2));
    expect(lines.some((l) => l.msg === 'mail delivery failed')).toBe(false);
    await mailer.close();
    expect(lines.find((l) => l.msg === 'mail delivery failed')).toMatchObject({
      to: 'to2@example.com',
      subject: 'Subject 2',
    });
  });

  it('idle waits for the deliveries started with sendLater and leaves the mailer open', async () => {
    const { log } = capturingLogger();
    const mailer = createMailer({ from: 'x@papo.test', outboxDir: dir, log });
    mailer.sendLater(message(1));
    await mailer.idle();
    expect((await readdir(dir)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    mailer.sendLater(message(2));
    await mailer.idle();
    expect((await readdir(dir)).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    await mailer.close();
  });

  it('close waits for outbox deliveries started with sendLater', async () => {
    const { log } = capturingLogger();
    const mailer = createMailer({ from: 'x@papo.test', outboxDir: dir, log });
    mailer.sendLater(message(1));
    mailer.sendLater(message(2));
    await mailer.close();
    expect((await readdir(dir)).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  });
});
