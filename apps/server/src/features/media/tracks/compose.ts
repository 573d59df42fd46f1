import { cycled, seededRandom } from '../pictures/random.js';
import { trackSeconds } from './catalogue.js';

/** One note to play: start and length in seconds, MIDI pitch, which voice plays it, loudness 0–1. */
export interface Note {
  start: number;
  length: number;
  pitch: number;
  voice: 'lead' | 'bass' | 'pad' | 'kick' | 'snare' | 'hat';
  velocity: number;
}

export type Timbre = 'bell' | 'reed' | 'pluck' | 'organ';

export interface Composition {
  seconds: number;
  bpm: number;
  timbre: Timbre;
  /** The lead's pitches in order: what makes each track's melody its own. */
  melody: number[];
  notes: Note[];
}

const scales = [
  [0, 2, 4, 5, 7, 9, 11], // major
  [0, 2, 3, 5, 7, 8, 10], // natural minor
  [0, 2, 3, 5, 7, 9, 10], // dorian
  [0, 2, 4, 5, 7, 9, 10], // mixolydian
  [0, 2, 3, 5, 7, 8, 11], // harmonic minor
  [0, 2, 4, 5, 7, 9, 11, 12], // major with the octave, for wider leaps
];
const progressions = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [5, 3, 0, 4],
  [0, 3, 4, 4],
  [1, 4, 0, 0],
  [0, 2, 3, 4],
  [0, 3, 0, 4],
  [5, 4, 3, 4],
];
const rhythms = [
  [1, 1, 1, 1],
  [1.5, 0.5, 1, 1],
  [0.5, 0.5, 1, 2],
  [1, 0.5, 0.5, 2],
  [2, 1, 1],
  [0.5, 0.5, 0.5, 0.5, 2],
  [1, 1, 2],
  [0.75, 0.25, 1, 1, 1],
];
const timbres: Timbre[] = ['bell', 'reed', 'pluck', 'organ'];

/**
 * Composes track `n`: a key, a scale, a tempo, a chord progression and two melodic motifs drawn from
 * the track's own seed, laid out as A A B A over the track's length with bass, pads and (often) drums.
 */
export function composeTrack(n: number): Composition {
  const random = seededRandom(n * 7_777 + 1);
  const pick = <T>(list: readonly T[]): T => cycled(list, Math.floor(random() * list.length));
  const root = 48 + Math.floor(random() * 12);
  const scale = pick(scales);
  const bpm = 72 + Math.floor(random() * 68);
  const beat = 60 / bpm;
  const bar = 4 * beat;
  const progression = pick(progressions);
  const timbre = cycled(timbres, n);
  const drums = random() < 0.75;
  const seconds = trackSeconds(n);
  // the last bar may run past the track's length; the synthesiser fades out and cuts at `seconds`.
  const bars = Math.ceil(seconds / bar);

  const degree = (d: number, octave = 0) => root + 12 * (octave + Math.floor(d / scale.length)) + cycled(scale, d);

  // A motif is one bar of rhythm and a walk over scale degrees, relative to the chord.
  const motif = () => {
    const rhythm = pick(rhythms);
    let step = Math.floor(random() * 5);
    return rhythm.map((beats) => {
      step += Math.floor(random() * 5) - 2;
      step = Math.max(-2, Math.min(9, step));
      return { beats, step };
    });
  };
  const motifs = [motif(), motif(), motif(), motif()];
  const form = [0, 0, 1, 0];

  const notes: Note[] = [];
  const melody: number[] = [];
  for (let b = 0; b < bars; b++) {
    const t0 = b * bar;
    const chord = cycled(progression, b);
    const section = cycled(form, Math.floor(b / 4));
    const phrase = cycled(motifs, section * 2 + (b % 2));
    let t = t0;
    for (const { beats, step } of phrase) {
      const pitch = degree(chord + step, 1);
      melody.push(pitch);
      notes.push({ start: t, length: beats * beat * 0.92, pitch, voice: 'lead', velocity: 0.5 + random() * 0.2 });
      t += beats * beat;
    }
    for (let k = 0; k < 4; k++)
      notes.push({
        start: t0 + k * beat,
        length: beat * 0.9,
        pitch: degree(chord, -1),
        voice: 'bass',
        velocity: k % 2 ? 0.45 : 0.6,
      });
    for (const third of [0, 2, 4])
      notes.push({ start: t0, length: bar, pitch: degree(chord + third), voice: 'pad', velocity: 0.16 });
    if (drums) {
      for (let k = 0; k < 8; k++)
        notes.push({ start: t0 + (k * beat) / 2, length: 0.05, pitch: 0, voice: 'hat', velocity: k % 2 ? 0.15 : 0.25 });
      notes.push(
        { start: t0, length: 0.25, pitch: 0, voice: 'kick', velocity: 0.9 },
        { start: t0 + 2 * beat, length: 0.25, pitch: 0, voice: 'kick', velocity: 0.8 },
      );
      notes.push(
        { start: t0 + beat, length: 0.15, pitch: 0, voice: 'snare', velocity: 0.35 },
        { start: t0 + 3 * beat, length: 0.15, pitch: 0, voice: 'snare', velocity: 0.35 },
      );
    }
  }
  return { seconds, bpm, timbre, melody, notes: notes.filter((note) => note.start < seconds) };
}
