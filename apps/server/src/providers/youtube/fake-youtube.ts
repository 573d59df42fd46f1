import type { FakeService } from '../../test/fake-service.js';

/*
 * Answers of the YouTube Data API v3 in its documented format (developers.google.com/youtube/v3/docs),
 * for the provider tests: one channel with an uploads playlist and one playlist of its own.
 */

export const fakeChannelId = 'UCfakechannel0000000000';

const thumbs = (id: string, width = 1280, height = 720) => ({
  default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
  high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
  maxres: { url: `https://i.ytimg.com/vi/${id}/maxresdefault.jpg`, width, height },
});

const playlistItem = (videoId: string, title: string, size?: [number, number]) => ({
  kind: 'youtube#playlistItem',
  etag: 'x',
  id: `item-${videoId}`,
  snippet: {
    publishedAt: '2026-01-02T03:04:05Z',
    channelId: fakeChannelId,
    title,
    description: '',
    thumbnails: size ? thumbs(videoId, size[0], size[1]) : thumbs(videoId),
    playlistId: 'PLx',
    position: 0,
    resourceId: { kind: 'youtube#video', videoId },
  },
});

/** A 403 as Google sends it when the daily quota is used up. */
export const quotaExceeded = {
  status: 403,
  json: {
    error: {
      code: 403,
      message: 'The request cannot be completed because you have exceeded your quota.',
      errors: [
        {
          message: 'The request cannot be completed because you have exceeded your quota.',
          domain: 'youtube.quota',
          reason: 'quotaExceeded',
        },
      ],
    },
  },
} as const;

/** Scripts the fake with a working channel; tests then override single paths with failures. */
export function serveYoutubeChannel(fake: FakeService): void {
  fake.on('/channels', {
    json: {
      kind: 'youtube#channelListResponse',
      items: [
        {
          kind: 'youtube#channel',
          id: fakeChannelId,
          contentDetails: { relatedPlaylists: { likes: '', uploads: 'UUuploads' } },
        },
      ],
    },
  });
  fake.on('/playlists', {
    json: {
      kind: 'youtube#playlistListResponse',
      pageInfo: { totalResults: 1, resultsPerPage: 10 },
      items: [{ kind: 'youtube#playlist', id: 'PLsongs', snippet: { title: 'Músicas ao vivo', description: '' } }],
    },
  });
  fake.on('/playlistItems', (call) =>
    call.query.get('playlistId') === 'UUuploads'
      ? {
          json: {
            items: [
              playlistItem('AAAAAAAAAAA', 'Último vídeo', [1080, 1920]),
              playlistItem('BBBBBBBBBBB', 'Penúltimo'),
            ],
          },
        }
      : {
          json: {
            items: [
              playlistItem('CCCCCCCCCCC', 'Ao vivo 1'),
              // A deleted video: listed with no thumbnails and no way to play it.
              {
                kind: 'youtube#playlistItem',
                snippet: {
                  title: 'Deleted video',
                  description: 'This video is unavailable.',
                  thumbnails: {},
                  resourceId: { kind: 'youtube#video', videoId: 'DDDDDDDDDDD' },
                },
              },
            ],
          },
        },
  );
  fake.on('/videos', (call) =>
    call.query.get('id') === 'EEEEEEEEEEE'
      ? { json: { kind: 'youtube#videoListResponse', items: [], pageInfo: { totalResults: 0, resultsPerPage: 0 } } }
      : {
          json: {
            kind: 'youtube#videoListResponse',
            items: [
              {
                kind: 'youtube#video',
                id: call.query.get('id'),
                snippet: {
                  publishedAt: '2025-05-06T07:08:09Z',
                  title: 'Um show',
                  description: 'Linha 1\nhttps://example.com',
                  thumbnails: thumbs(call.query.get('id') ?? ''),
                  tags: ['ao vivo', 'show'],
                },
                contentDetails: { duration: 'PT1H2M3S', dimension: '2d', definition: 'hd' },
                statistics: { viewCount: '12345', likeCount: '10', favoriteCount: '0', commentCount: '2' },
              },
            ],
          },
        },
  );
  fake.on('/search', (call) =>
    call.query.get('pageToken') === 'CAwQAA'
      ? {
          json: {
            kind: 'youtube#searchListResponse',
            items: [
              {
                id: { kind: 'youtube#video', videoId: 'GGGGGGGGGGG' },
                snippet: { title: 'Renda 2', description: 'b', thumbnails: thumbs('GGGGGGGGGGG') },
              },
            ],
          },
        }
      : {
          json: {
            kind: 'youtube#searchListResponse',
            nextPageToken: 'CAwQAA',
            items: [
              {
                id: { kind: 'youtube#video', videoId: 'FFFFFFFFFFF' },
                snippet: { title: 'Renda 1', description: 'a', thumbnails: thumbs('FFFFFFFFFFF') },
              },
            ],
          },
        },
  );
}
