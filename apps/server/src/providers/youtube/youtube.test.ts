import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { startFakeService, type FakeService } from '../../test/fake-service.js';
import { fakeChannelId, quotaExceeded, serveYoutubeChannel } from './fake-youtube.js';
import { isoDurationSeconds } from './duration.js';
import { localChannelContent, localVideoDetails } from './local-videos.js';

describe('isoDurationSeconds', () => {
  it.each([
    ['PT1H2M3S', 3723],
    ['PT4M13S', 253],
    ['PT45S', 45],
    ['PT2H', 7200],
    ['P1DT2H3M', 93_780],
    ['P0D', 0],
    ['PT0S', 0],
    ['', 0],
    ['1:02:03', 0],
    ['PT', 0],
  ])('%s is %i seconds', (text, seconds) => {
    expect(isoDurationSeconds(text)).toBe(seconds);
  });
});

describeEachDialect('YouTube provider against a local fake of the Data API v3', (dialect) => {
  let fake: FakeService;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeService();
    t = await buildTestApp({
      dialect,
      env: { YOUTUBE_API_KEY: 'test-key', YOUTUBE_CHANNEL_ID: fakeChannelId, YOUTUBE_BASE_URL: fake.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    serveYoutubeChannel(fake);
    // a refresh a previous test left running would otherwise answer this test's first call.
    await t.app.providers.cache.idle();
    fake.calls.length = 0;
    await t.app.db.deleteFrom('provider_cache').execute();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('maps channels, playlists and playlist items to playlists and recent videos', async () => {
    const res = await get('/api/youtube/channel-content');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      playlists: [
        {
          id: 'PLsongs',
          title: 'Músicas ao vivo',
          videos: [
            {
              id: 'CCCCCCCCCCC',
              title: 'Ao vivo 1',
              thumbnail: 'https://i.ytimg.com/vi/CCCCCCCCCCC/maxresdefault.jpg',
              thumbnailWidth: 1280,
              thumbnailHeight: 720,
            },
          ],
        },
      ],
      recentVideos: [
        {
          id: 'AAAAAAAAAAA',
          title: 'Último vídeo',
          thumbnail: 'https://i.ytimg.com/vi/AAAAAAAAAAA/maxresdefault.jpg',
          thumbnailWidth: 1080,
          thumbnailHeight: 1920,
        },
        {
          id: 'BBBBBBBBBBB',
          title: 'Penúltimo',
          thumbnail: 'https://i.ytimg.com/vi/BBBBBBBBBBB/maxresdefault.jpg',
          thumbnailWidth: 1280,
          thumbnailHeight: 720,
        },
      ],
    });
    expect(fake.calls.every((call) => call.query.get('key') === 'test-key')).toBe(true);
    expect(fake.calls.find((c) => c.path === '/playlists')?.query.get('channelId')).toBe(fakeChannelId);
  });

  it('maps video details, with the ISO 8601 duration in seconds and the view count as a number', async () => {
    const res = await get('/api/youtube/video-details?videoId=aqz-KE-bpKQ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: 'Um show',
      description: 'Linha 1\nhttps://example.com',
      thumbnail: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/maxresdefault.jpg',
      tags: ['ao vivo', 'show'],
      statistics: { viewCount: 12345 },
      duration: 3723,
      publishedAt: '2025-05-06T07:08:09Z',
    });
    expect(fake.calls[0]?.query.get('part')).toBe('snippet,contentDetails,statistics');
  });

  it('answers 404 for a video YouTube does not have, and 400 for a malformed id without calling out', async () => {
    expect((await get('/api/youtube/video-details?videoId=EEEEEEEEEEE')).json()).toEqual({
      message: 'video_not_found',
    });
    const calls = fake.calls.length;
    for (const bad of ['short', 'aqz-KE-bpKQ1', 'aqz-KE%2FbpKQ', '']) {
      const res = await get(`/api/youtube/video-details?videoId=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { videoId: ['invalid_video_id'] } });
    }
    expect((await get('/api/youtube/video-details')).statusCode).toBe(400);
    expect(fake.calls.length).toBe(calls);
  });

  it('pages search results by token in the spec’s item shape', async () => {
    const first = await get('/api/youtube/search');
    expect(first.json()).toEqual({
      items: [
        {
          id: { videoId: 'FFFFFFFFFFF' },
          snippet: {
            title: 'Renda 1',
            description: 'a',
            thumbnails: { high: { url: 'https://i.ytimg.com/vi/FFFFFFFFFFF/hqdefault.jpg' } },
          },
        },
      ],
      nextPageToken: 'CAwQAA',
    });
    const second = await get('/api/youtube/search?pageToken=CAwQAA');
    expect(second.json()).toEqual({
      items: [
        {
          id: { videoId: 'GGGGGGGGGGG' },
          snippet: {
            title: 'Renda 2',
            description: 'b',
            thumbnails: { high: { url: 'https://i.ytimg.com/vi/GGGGGGGGGGG/hqdefault.jpg' } },
          },
        },
      ],
    });
    expect(fake.calls.at(-1)?.query.get('pageToken')).toBe('CAwQAA');
    expect((await get('/api/youtube/search?pageToken=a%20b')).statusCode).toBe(400);
  });

  const failures = {
    'a 403 quota answer': quotaExceeded,
    'a 500': { status: 500, json: { error: { code: 500, message: 'Backend Error' } } },
    'malformed JSON': { text: '<html>{"items": [' },
    'JSON of another shape': { json: { items: [{ snippet: { title: 5 } }] } },
  } as const;

  for (const [name, answer] of Object.entries(failures)) {
    it(`serves the local default on ${name} when nothing is cached`, async () => {
      fake.on('/videos', answer);
      fake.on('/playlists', answer);
      const details = await get('/api/youtube/video-details?videoId=aqz-KE-bpKQ');
      expect(details.statusCode).toBe(200);
      expect(details.json()).toEqual(localVideoDetails('aqz-KE-bpKQ'));
      const content = await get('/api/youtube/channel-content');
      expect(content.statusCode).toBe(200);
      expect(content.json()).toEqual(localChannelContent());
    });

    it(`serves the stale cached answer on ${name}`, async () => {
      const fresh = (await get('/api/youtube/video-details?videoId=aqz-KE-bpKQ')).json();
      await t.app.db.updateTable('provider_cache').set({ fetched_at: 0 }).execute();
      fake.on('/videos', answer);
      const stale = await get('/api/youtube/video-details?videoId=aqz-KE-bpKQ');
      await t.app.providers.cache.idle();
      const afterFailedRefresh = await get('/api/youtube/video-details?videoId=aqz-KE-bpKQ');
      expect([stale.statusCode, afterFailedRefresh.statusCode]).toEqual([200, 200]);
      expect(stale.json()).toEqual(fresh);
      expect(afterFailedRefresh.json()).toEqual(fresh);
      expect(fake.calls.filter((c) => c.path === '/videos').length).toBeGreaterThan(1);
    });
  }

  it('retries a 500 a bounded number of times, and a quota answer not at all', async () => {
    fake.on('/videos', failures['a 500']);
    await get('/api/youtube/video-details?videoId=aqz-KE-bpKQ');
    expect(fake.calls.filter((c) => c.path === '/videos')).toHaveLength(3);
    fake.calls.length = 0;
    fake.on('/videos', quotaExceeded);
    await get('/api/youtube/video-details?videoId=R6MlUcmOul8');
    expect(fake.calls.filter((c) => c.path === '/videos')).toHaveLength(1);
  });

  it('makes one outside call for many concurrent requests of the same video', async () => {
    const gate = fake.hold();
    const pending = Array.from({ length: 20 }, () => get('/api/youtube/video-details?videoId=eRsGyueVLvQ'));
    await expect.poll(() => fake.calls.length).toBe(1);
    gate.release();
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.json().title)).toEqual(Array(20).fill('Um show'));
    expect(fake.calls).toHaveLength(1);
  });
});

describe('YouTube provider without a key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves the curated Creative Commons set with locally drawn thumbnails', async () => {
    const content = (await t.app.inject({ method: 'GET', url: '/api/youtube/channel-content' })).json();
    expect(content.playlists.length).toBeGreaterThanOrEqual(2);
    expect(content.playlists[0].videos[0]).toMatchObject({
      id: 'aqz-KE-bpKQ',
      thumbnail: '/media/thumbnails/aqz-KE-bpKQ.jpg',
    });
    const search = (await t.app.inject({ method: 'GET', url: '/api/youtube/search' })).json();
    expect(search.nextPageToken).toBe('page-2');
    const last = (await t.app.inject({ method: 'GET', url: '/api/youtube/search?pageToken=page-2' })).json();
    expect(last.items.length).toBeGreaterThan(0);
    expect(last.nextPageToken).toBeUndefined();
    const details = await t.app.inject({ method: 'GET', url: '/api/youtube/video-details?videoId=Y-rmzh0PI3c' });
    expect(details.json()).toMatchObject({ title: 'Cosmos Laundromat', duration: 730 });
  });
});
