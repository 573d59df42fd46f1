import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Track } from '@papo/contract/media';
import type { FastifyPluginAsync } from 'fastify';
import type { MessageKey } from '@papo/contract/message-keys';
import { httpError } from '../../lib/http-error.js';
import { parseByteRange } from './byte-range.js';
import { trackCount, trackList } from './tracks/catalogue.js';
import { createTrackLibrary } from './tracks/library.js';

/**
 * `GET /api/music/tracks` (the player's list) and `GET /media/tracks/{NN}.mp3` with HTTP range requests,
 * so the player can seek. Tracks are synthesised in the background half a minute after start (not under test, where
 * each is made when first asked for).
 */
const backgroundSynthesisDelayMs = 30_000;

export const musicRoutes: FastifyPluginAsync = async (app) => {
  const library = createTrackLibrary({ dataDir: app.config.DATA_DIR, log: app.log });
  // NOTE: synthesis is CPU work on the event loop, so it starts once the node has settled: start-up, health checks
  // and a quick restart are not slowed by it, and a track asked for sooner is made at once.
  let settle: NodeJS.Timeout | undefined;
  if (app.config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      settle = setTimeout(() => library.generateAll(), backgroundSynthesisDelayMs).unref();
    });
  }
  app.addHook('onClose', async () => {
    clearTimeout(settle);
    await library.close();
  });

  app.get('/api/music/tracks', async (_request, reply): Promise<Track[]> => {
    reply.header('cache-control', 'public, max-age=3600');
    return trackList();
  });

  app.get<{ Params: { file: string } }>('/media/tracks/:file', async (request, reply) => {
    const n = Number(/^(\d\d)\.mp3$/.exec(request.params.file)?.[1]);
    if (!(n >= 1 && n <= trackCount)) throw httpError(404, 'not_found');
    const file = await library.file(n);
    const { size } = await stat(file);
    const range = parseByteRange(request.headers.range, size);
    reply.header('accept-ranges', 'bytes');
    if (range === null) return reply.status(416).header('content-range', `bytes */${size}`).send({ message: 'range_not_satisfiable' satisfies MessageKey });
    reply.header('content-type', 'audio/mpeg').header('cache-control', 'public, max-age=86400');
    if (range === 'whole') return reply.header('content-length', size).send(createReadStream(file));
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(file, { start: range.start, end: range.end }));
  });
};
