import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { trackCount, trackNumber } from './catalogue.js';
import type { SynthesisAnswer, SynthesisRequest } from './synthesis-worker.js';

/** Bump when composing or synthesis changes, so existing installs generate the new tracks. */
const generation = 'v1';

export interface TrackLibrary {
  /** The MP3 file of track `n` (1-based), generated first when it does not exist yet. */
  file(n: number): Promise<string>;
  /** Generates every missing track in the background, one after another. */
  generateAll(): void;
  /** Stops generating (a track half made is dropped) and resolves once the synthesis thread has ended. */
  close(): Promise<void>;
}

/** The one synthesis thread, started when first needed; it makes tracks one after another. */
function createSynthesisThread(log: FastifyBaseLogger) {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve(answer: { bytes: number; ms: number }): void; reject(error: Error): void }
  >();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };

  function start(): Worker {
    const thread = new Worker(new URL('./synthesis-worker.mjs', import.meta.url), { name: 'music-synthesis' });
    // the thread never keeps the process alive; a node stops when its server does.
    thread.unref();
    thread.on('message', (answer: SynthesisAnswer) => {
      const job = pending.get(answer.id);
      pending.delete(answer.id);
      if ('error' in answer) job?.reject(new Error(answer.error));
      else job?.resolve(answer);
    });
    thread.on('error', (error) => {
      log.error({ err: error }, 'music synthesis thread failed');
      failAll(error);
    });
    thread.on('exit', () => {
      if (worker === thread) worker = undefined;
      failAll(new Error('music synthesis thread stopped'));
    });
    return thread;
  }

  return {
    make(request: Omit<SynthesisRequest, 'id'>): Promise<{ bytes: number; ms: number }> {
      worker ??= start();
      const id = nextId++;
      const answer = new Promise<{ bytes: number; ms: number }>((resolve, reject) =>
        pending.set(id, { resolve, reject }),
      );
      worker.postMessage({ id, ...request } satisfies SynthesisRequest);
      return answer;
    },
    async stop(): Promise<void> {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

/**
 * Tracks live under DATA_DIR/music/<generation>/NN.mp3, made the first time they are needed (never
 * committed) by a worker thread, so a node keeps answering while a track is synthesised. A request for
 * a missing track generates that one next; one generation per track runs at a time, and a file appears
 * only complete (written aside, then renamed).
 */
export function createTrackLibrary(opts: { dataDir: string; log: FastifyBaseLogger }): TrackLibrary {
  const dir = path.join(opts.dataDir, 'music', generation);
  const thread = createSynthesisThread(opts.log);
  const running = new Map<number, Promise<string>>();
  let stopped = false;
  let background: Promise<void> | undefined;
  /** Tracks synthesised by this process (not found already made), for the one summary line. */
  let made = 0;

  function file(n: number): Promise<string> {
    const existing = running.get(n);
    if (existing) return existing;
    if (stopped) return Promise.reject(new Error('track library closed'));
    const target = path.join(dir, `${trackNumber(n)}.mp3`);
    const job = thread
      .make({ n, target })
      .then(({ bytes, ms }) => {
        if (ms > 0) {
          made += 1;
          opts.log.debug({ track: n, bytes, ms }, 'music track synthesised');
        }
        return target;
      })
      .finally(() => running.delete(n));
    running.set(n, job);
    return job;
  }

  return {
    file,
    generateAll() {
      background ??= (async () => {
        const started = Date.now();
        for (let n = 1; n <= trackCount && !stopped; n++) await file(n);
        if (made > 0 && !stopped) opts.log.info({ tracks: made, ms: Date.now() - started }, 'music tracks synthesised');
      })().catch((error: unknown) => {
        if (!stopped) opts.log.error({ err: error }, 'music synthesis failed');
      });
    },
    async close() {
      // a shutdown must not wait for the remaining tracks; the next start makes them.
      stopped = true;
      const halfMade = [...running.keys()];
      await thread.stop();
      await background;
      await Promise.allSettled([...running.values()]);
      // A track stopped while being written leaves its temporary file; the next start writes it again.
      await Promise.all(
        halfMade.map((n) => rm(path.join(dir, `${trackNumber(n)}.mp3.${process.pid}.part`), { force: true })),
      );
    },
  };
}
