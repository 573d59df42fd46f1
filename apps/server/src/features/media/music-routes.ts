import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { musicRoutes as routes } from '@papo/contract/media';
import type { FastifyPluginAsync } from 'fastify';
import type { MessageKey } from '@papo/contract/message-keys';
import { serve } from '../../lib/api-route.js';
import { httpError } from '../../lib/http-error.js';
import { parseByteRange } from '../../lib/byte-range.js';
import { trackCount, trackList } from './tracks/catalogue.js';
import { createTrackLibrary } from './tracks/library.js';

/**
 * `GET /api/music/tracks` (the player's list) and `GET /media/tracks/{NN}.mp3` with HTTP range requests,
 * so the player can seek. Tracks are synthesised in a worker thread, all of them from the moment the node is
 * ready (not under test, where each is made when first asked for); a track asked for sooner is made next.
 */
export const musicRoutes: FastifyPluginAsync = async (app) => {
  const library = createTrackLibrary({ dataDir: app.config.DATA_DIR, log: app.log });
  if (app.config.NODE_ENV !== 'test') app.addHook('onReady', async () => library.generateAll());
  app.addHook('onClose', () => library.close());

  serve(app, routes.tracks, ({ reply }) => {
    void reply.header('cache-control', 'public, max-age=3600');
    return trackList();
  });

  app.get<{ Params: { file: string } }>('/media/tracks/:file', async (request, reply) => {
    const n = Number(/^(\d\d)\.mp3$/.exec(request.params.file)?.[1]);
    if (!(n >= 1 && n <= trackCount)) throw httpError(404, 'not_found');
    const file = await library.file(n);
    const { size } = await stat(file);
    const range = parseByteRange(request.headers.range, size);
    reply.header('accept-ranges', 'bytes');
    if (range === null)
      return reply
        .status(416)
        .header('content-range', `bytes */${size}`)
        .send({ message: 'range_not_satisfiable' satisfies MessageKey });
    reply.header('content-type', 'audio/mpeg').header('cache-control', 'public, max-age=86400');
    if (range === 'whole') return reply.header('content-length', size).send(createReadStream(file));
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(file, { start: range.start, end: range.end }));
  });
};
