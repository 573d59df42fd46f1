import { seededRandom } from '../pictures/random.js';
import type { Composition, Note, Timbre } from './compose.js';

export const sampleRate = 44_100;

const frequency = (pitch: number) => 440 * 2 ** ((pitch - 69) / 12);

/** Harmonic amplitudes of each lead timbre (additive synthesis) and how fast a note decays. */
const leadVoices: Record<Timbre, { harmonics: number[]; decay: number }> = {
  bell: { harmonics: [1, 0, 0.35, 0, 0.12, 0, 0.05], decay: 2.6 },
  reed: { harmonics: [1, 0.5, 0.33, 0.25, 0.2, 0.16], decay: 0.6 },
  pluck: { harmonics: [1, 0.6, 0.3, 0.15, 0.08], decay: 5 },
  organ: { harmonics: [1, 0.8, 0, 0.5, 0, 0.3], decay: 0.2 },
};

interface Shape {
  harmonics: number[];
  attack: number;
  release: number;
  decay: number;
}

const bass: Shape = { harmonics: [1, 0.4, 0.1], attack: 0.01, release: 0.05, decay: 1.5 };
const pad: Shape = { harmonics: [1, 0.3, 0.15], attack: 0.4, release: 0.4, decay: 0 };

const tableSize = 4096;
const tables = new Map<string, Float32Array>();

/** One cycle of the waveform made of `harmonics`, computed once: a lookup per sample instead of a sine per harmonic. */
function wavetable(harmonics: number[]): Float32Array {
  const key = harmonics.join(',');
  const known = tables.get(key);
  if (known) return known;
  const table = new Float32Array(tableSize);
  for (let i = 0; i < tableSize; i++) {
    let value = 0;
    // rounded to 32 bits at each step, as adding into a Float32Array does: the samples stay those the tests fix.
    harmonics.forEach(
      (amplitude, h) => (value = Math.fround(value + amplitude * Math.sin((2 * Math.PI * (h + 1) * i) / tableSize))),
    );
    table[i] = value;
  }
  tables.set(key, table);
  return table;
}

function envelope(t: number, shape: Shape, length: number): number {
  const rise = t < shape.attack ? t / shape.attack : 1;
  const fall = t > length ? Math.max(0, 1 - (t - length) / shape.release) : 1;
  return rise * fall * Math.exp(-shape.decay * t);
}

/** Adds the part of a tone that falls in samples [lo, hi). */
function addTone(out: Float32Array, note: Note, shape: Shape, lo: number, hi: number): void {
  const table = wavetable(shape.harmonics);
  const from = Math.floor(note.start * sampleRate);
  const start = Math.max(lo, from);
  const end = Math.min(hi, Math.floor((note.start + note.length + shape.release) * sampleRate));
  const step = (frequency(note.pitch) * tableSize) / sampleRate;
  let phase = ((start - from) * step) % tableSize;
  for (let i = start; i < end; i++) {
    out[i] =
      (out[i] ?? 0) + note.velocity * envelope((i - from) / sampleRate, shape, note.length) * (table[phase | 0] ?? 0);
    phase += step;
    if (phase >= tableSize) phase -= tableSize;
  }
}

function addDrum(out: Float32Array, note: Note, noise: () => number, lo: number, hi: number): void {
  const from = Math.floor(note.start * sampleRate);
  const start = Math.max(lo, from);
  const end = Math.min(hi, from + Math.floor(note.length * sampleRate));
  for (let i = start; i < end; i++) {
    const t = (i - from) / sampleRate;
    if (note.voice === 'kick') {
      // A sine falling from 120 Hz to 45 Hz (its phase in closed form): the thump of a bass drum.
      out[i] =
        (out[i] ?? 0) +
        note.velocity * Math.exp(-t * 12) * Math.sin(2 * Math.PI * (45 * t + (75 * (1 - Math.exp(-30 * t))) / 30));
    } else {
      out[i] = (out[i] ?? 0) + note.velocity * Math.exp(-t * (note.voice === 'hat' ? 60 : 22)) * (noise() * 2 - 1);
    }
  }
}

/** A composition rendered piece by piece, so a caller can yield between pieces. */
export interface Renderer {
  samples: Float32Array;
  /** Renders samples [lo, hi) — each range once, in order — to mono PCM in [-1, 1]. */
  render(lo: number, hi: number): Float32Array;
}

export function createRenderer(composition: Composition, seed: number): Renderer {
  const samples = new Float32Array(Math.floor(composition.seconds * sampleRate));
  const noise = seededRandom(seed);
  const lead: Shape = { ...leadVoices[composition.timbre], attack: 0.01, release: 0.08 };
  const fadeIn = sampleRate * 0.5;
  const fadeOut = sampleRate * 3;
  return {
    samples,
    render(lo, hi) {
      for (const note of composition.notes) {
        if (note.start * sampleRate >= hi || (note.start + note.length + 0.5) * sampleRate < lo) continue;
        if (note.voice === 'lead') addTone(samples, note, lead, lo, hi);
        else if (note.voice === 'bass') addTone(samples, note, bass, lo, hi);
        else if (note.voice === 'pad') addTone(samples, note, pad, lo, hi);
        else addDrum(samples, note, noise, lo, hi);
      }
      for (let i = lo; i < hi; i++) {
        const edge = Math.min(1, i / fadeIn, (samples.length - i) / fadeOut);
        samples[i] = Math.tanh((samples[i] ?? 0) * 0.6) * edge * 0.9;
      }
      return samples.subarray(lo, hi);
    },
  };
}
