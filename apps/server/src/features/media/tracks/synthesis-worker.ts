import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { createMp3Encoder } from 'wasm-media-encoders';
import { composeTrack } from './compose.js';
import { createRenderer, sampleRate } from './synth.js';

/*
 * The music synthesis thread (decision 013): composes, synthesises, encodes and writes one track per
 * request, one after another, so the event loop of the node never carries this CPU work. Started through
 * synthesis-worker.mjs (see there); the library in the main thread asks and awaits the answer.
 */

/** What the library asks: make track `n` at `target`, unless it is there already. */
export interface SynthesisRequest {
  id: number;
  n: number;
  target: string;
}

/** What the thread answers for a request: the file's size and the time it took, or why it failed. */
export type SynthesisAnswer = { id: number; bytes: number; ms: number } | { id: number; error: string };

const bitrate = 80;

/** Composes, synthesises and encodes track `n` to MP3 (mono, 80 kbit/s), one second of samples at a time. */
async function encodeTrack(n: number): Promise<Buffer> {
  const renderer = createRenderer(composeTrack(n), n);
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate });
  const parts: Buffer[] = [];
  const total = renderer.samples.length;
  for (let lo = 0; lo < total; lo += sampleRate) {
    // the encoder owns the array it returns; copy before the next call.
    parts.push(Buffer.from(encoder.encode([renderer.render(lo, Math.min(total, lo + sampleRate))])));
  }
  parts.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(parts);
}

/** Makes the file of one request: written aside and renamed, so a reader only ever sees a whole track. */
async function make({ n, target }: SynthesisRequest): Promise<{ bytes: number; ms: number }> {
  const existing = await stat(target).catch(() => undefined);
  if (existing) return { bytes: existing.size, ms: 0 };
  const started = performance.now();
  const mp3 = await encodeTrack(n);
  await mkdir(path.dirname(target), { recursive: true });
  // two nodes may share a DATA_DIR; each writes its own temporary file.
  const temporary = `${target}.${process.pid}.part`;
  await writeFile(temporary, mp3);
  await rename(temporary, target);
  return { bytes: mp3.length, ms: Math.round(performance.now() - started) };
}

const port = parentPort;
if (!port) throw new Error('synthesis-worker runs only as a worker thread');
let queue = Promise.resolve();
port.on('message', (request: SynthesisRequest) => {
  queue = queue.then(async () => {
    const answer: SynthesisAnswer = await make(request).then(
      (made) => ({ id: request.id, ...made }),
      (error: unknown) => ({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
    port.postMessage(answer);
  });
});
