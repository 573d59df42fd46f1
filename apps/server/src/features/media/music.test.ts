import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { parseByteRange } from '../../lib/byte-range.js';
import { trackCount, trackSeconds } from './tracks/catalogue.js';
import { composeTrack } from './tracks/compose.js';
import { createTrackLibrary } from './tracks/library.js';

describe('composed tracks', () => {
  it('are 28, each 30 to 90 seconds, under 30 MB together at 80 kbit/s', () => {
    const seconds = Array.from({ length: trackCount }, (_, i) => trackSeconds(i + 1));
    expect(trackCount).toBe(28);
    expect(Math.min(...seconds)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...seconds)).toBeLessThanOrEqual(90);
    expect((seconds.reduce((a, b) => a + b, 0) * 80_000) / 8).toBeLessThan(30 * 1024 * 1024);
  });

  it('each have a melody of their own', () => {
    const openings = Array.from({ length: trackCount }, (_, i) =>
      composeTrack(i + 1)
        .melody.slice(0, 16)
        .join(' '),
    );
    expect(new Set(openings).size).toBe(trackCount);
  });

  it('are never committed', () => {
    let tracked: string;
    try {
      tracked = execFileSync('git', ['ls-files', '*.mp3', '*.ogg', '*.wav'], { encoding: 'utf8' });
    } catch {
      return; // not a git checkout (an unpacked archive): nothing can be committed there.
    }
    expect(tracked).toBe('');
  });
});

describe('track library', () => {
  it('stops generating on close without leaving a half-written file, and makes a track when asked', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-music-'));
    try {
      const first = createTrackLibrary({ dataDir, log: pino({ level: 'silent' }) });
      first.generateAll();
      await first.close();
      const dir = path.join(dataDir, 'music', 'v1');
      const left = await readdir(dir).catch(() => []);
      expect(left.filter((name) => !/^\d\d\.mp3$/.test(name))).toEqual([]);
      expect(left.length).toBeLessThan(trackCount);

      const second = createTrackLibrary({ dataDir, log: pino({ level: 'silent' }) });
      const [a, b] = await Promise.all([second.file(3), second.file(3)]);
      expect(a).toBe(path.join(dir, '03.mp3'));
      expect(b).toBe(a);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('synthesises in a worker thread: a track is made while this thread is blocked', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-music-'));
    const library = createTrackLibrary({ dataDir, log: pino({ level: 'silent' }) });
    try {
      const target = path.join(dataDir, 'music', 'v1', '04.mp3');
      const made = library.file(4);
      // this thread's event loop does not turn while it waits here, so only another thread can write
      // the file; the bound only ends the wait if none does (it is not a measure of speed).
      const sleeper = new Int32Array(new SharedArrayBuffer(4));
      const giveUp = Date.now() + 120_000;
      while (!existsSync(target) && Date.now() < giveUp) Atomics.wait(sleeper, 0, 0, 50);
      expect(existsSync(target)).toBe(true);
      expect(await made).toBe(target);
    } finally {
      await library.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('parseByteRange', () => {
  it.each([
    [undefined, 'whole'],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=1000-', null],
    ['bytes=50-10', null],
    ['bytes=-0', null],
    ['bytes=0-1,5-6', 'whole'],
    ['items=0-1', 'whole'],
  ] as const)('%s of 1000 bytes', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});

describe('music and drawn pictures over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('lists 28 tracks of one artist with their file and cover', async () => {
    const tracks = (await get('/api/music/tracks')).json();
    expect(tracks).toHaveLength(28);
    expect(new Set(tracks.map((track: { title: string }) => track.title)).size).toBe(28);
    expect(new Set(tracks.map((track: { artist: string }) => track.artist)).size).toBe(1);
    expect(tracks[4]).toEqual({
      src: '/media/tracks/05.mp3',
      title: expect.any(String),
      artist: expect.any(String),
      cover: '/media/covers/05.webp',
    });
  });

  it('serves a synthesised MP3 whole and by byte ranges, so the player can seek', async () => {
    const whole = await get('/media/tracks/02.mp3');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const bytes = whole.rawPayload;
    // An MPEG audio frame starts with 11 set bits; constant 80 kbit/s gives 10 kB a second.
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xe0).toBe(0xe0);
    expect(bytes.length / (trackSeconds(2) * 10_000)).toBeCloseTo(1, 1);

    const part = await get('/media/tracks/02.mp3', { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await get('/media/tracks/02.mp3', { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const beyond = await get('/media/tracks/02.mp3', { range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('answers other requests while a track is being synthesised', async () => {
    let trackDone = false;
    const track = get('/media/tracks/11.mp3').then((response) => {
      trackDone = true;
      return response;
    });
    for (let i = 0; i < 5; i++) {
      expect((await get('/api/music/tracks')).statusCode).toBe(200);
      expect((await get('/media/covers/11.webp')).statusCode).toBe(200);
    }
    expect(trackDone).toBe(false);
    expect((await track).statusCode).toBe(200);
  });

  it.each(['00.mp3', '29.mp3', '1.mp3', '01.ogg', '..%2F01.mp3'])('answers 404 for the track file %s', async (file) => {
    expect((await get(`/media/tracks/${file}`)).statusCode).toBe(404);
  });

  it.each([
    ['/media/thumbnails/aqz-KE-bpKQ.jpg', 'jpeg', 480, 270],
    ['/media/coins/bitcoin.png', 'png', 128, 128],
    ['/media/photos/01.webp', 'webp', 1200, 800],
    ['/media/photos/12-small.webp', 'webp', 600, 400],
    ['/media/covers/28.webp', 'webp', 512, 512],
    ['/media/share/site.png', 'png', 1200, 630],
    ['/media/share/lyrics.png', 'png', 1200, 630],
    ['/media/share/logo.png', 'png', 512, 512],
  ])('draws %s', async (url, format, width, height) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(`image/${format}`);
    // Shown by other sites and feed readers (link previews), so readable cross-origin.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format, width, height });
  });

  it.each([
    '/media/thumbnails/aaaaaaaaaaa.jpg',
    '/media/coins/nocoin.png',
    '/media/photos/13.webp',
    '/media/covers/29.webp',
    '/media/share/toString.png',
    '/media/other/1.png',
  ])('answers 404 for %s', async (url) => {
    expect((await get(url)).json()).toEqual({ message: 'not_found' });
  });
});

describe('GET /api/course-landing', () => {
  it('answers the configured checkout address, else the contact page', async () => {
    const configured = await buildTestApp({ env: { COURSE_CHECKOUT_URL: 'https://pay.example/curso' } });
    const unset = await buildTestApp({ env: { PUBLIC_URL: 'https://papo.example' } });
    try {
      expect((await configured.app.inject({ method: 'GET', url: '/api/course-landing' })).json()).toEqual({
        checkoutUrl: 'https://pay.example/curso',
        videoId: 'WhWc3b3KhnY',
      });
      expect((await unset.app.inject({ method: 'GET', url: '/api/course-landing' })).json().checkoutUrl).toBe(
        '/contato',
      );
    } finally {
      await configured.close();
      await unset.close();
    }
  });
});
