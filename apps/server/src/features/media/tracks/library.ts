import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { createMp3Encoder } from 'wasm-media-encoders';
import { trackCount, trackNumber } from './catalogue.js';
import { composeTrack } from './compose.js';
import { createRenderer, sampleRate } from './synth.js';

/** Bump when composing or synthesis changes, so existing installs generate the new tracks. */
const generation = 'v1';
const bitrate = 80;

export interface TrackLibrary {
  /** The MP3 file of track `n` (1-based), generated first when it does not exist yet. */
  file(n: number): Promise<string>;
  /** Generates every missing track in the background, one after another. */
  generateAll(): void;
  /** Stops generating (a track half made is dropped) and resolves once nothing runs. */
  close(): Promise<void>;
}

/** Composes, synthesises and encodes track `n`, yielding to the event loop between one-second pieces. */
export async function encodeTrack(n: number, signal?: AbortSignal): Promise<Buffer> {
  const renderer = createRenderer(composeTrack(n), n);
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate });
  const parts: Buffer[] = [];
  const total = renderer.samples.length;
  for (let lo = 0; lo < total; lo += sampleRate) {
    const pcm = renderer.render(lo, Math.min(total, lo + sampleRate));
    // NOTE: the encoder owns the array it returns; copy before the next call.
    parts.push(Buffer.from(encoder.encode([pcm])));
    await nextTurn();
    signal?.throwIfAborted();
  }
  parts.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(parts);
}

/**
 * Tracks live under DATA_DIR/music/<generation>/NN.mp3, made the first time they are needed (never
 * committed). A request for a missing track generates that one at once; one generation per track runs
 * at a time, and a file appears only complete (written aside, then renamed).
 */
export function createTrackLibrary(opts: { dataDir: string; log: FastifyBaseLogger }): TrackLibrary {
  const dir = path.join(opts.dataDir, 'music', generation);
  const running = new Map<number, Promise<string>>();
  const stopping = new AbortController();
  let background: Promise<void> | undefined;

  function file(n: number): Promise<string> {
    const target = path.join(dir, `${trackNumber(n)}.mp3`);
    const existing = running.get(n);
    if (existing) return existing;
    const job = (async () => {
      if (await stat(target).then(() => true, () => false)) return target;
      const started = Date.now();
      const mp3 = await encodeTrack(n, stopping.signal);
      await mkdir(dir, { recursive: true });
      const temporary = `${target}.${process.pid}.part`;
      await writeFile(temporary, mp3);
      await rename(temporary, target);
      opts.log.info({ track: n, bytes: mp3.length, ms: Date.now() - started }, 'music track synthesised');
      return target;
    })().finally(() => running.delete(n));
    running.set(n, job);
    return job;
  }

  return {
    file,
    generateAll() {
      background ??= (async () => {
        for (let n = 1; n <= trackCount && !stopping.signal.aborted; n++) await file(n);
      })().catch((error: unknown) => {
        if (!stopping.signal.aborted) opts.log.error({ err: error }, 'music synthesis failed');
      });
    },
    async close() {
      // NOTE: a shutdown must not wait for the remaining tracks; the next start makes them.
      stopping.abort();
      await background;
      while (running.size) await Promise.allSettled([...running.values()]);
    },
  };
}
