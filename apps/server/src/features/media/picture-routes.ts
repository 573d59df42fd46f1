import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { httpError } from '../../lib/http-error.js';
import { localCoinSymbols } from '../../providers/coingecko/local-coins.js';
import { localVideoTitle } from '../../providers/youtube/local-videos.js';
import { coinSvg, coverSvg, logoSvg, shareCards, shareCardSvg, videoThumbnailSvg } from './pictures/badges.js';
import { landscapeSvg, scenes } from './pictures/landscape.js';
import { trackCount } from './tracks/catalogue.js';

type Format = 'jpeg' | 'png' | 'webp';

const contentTypes: Record<Format, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Which picture a path names, as SVG and format; undefined when there is no such picture. */
function pictureFor(kind: string, file: string): { svg: string; format: Format } | undefined {
  if (kind === 'thumbnails') {
    const id = /^([A-Za-z0-9_-]{11})\.jpg$/.exec(file)?.[1];
    const title = id && localVideoTitle(id);
    return title ? { svg: videoThumbnailSvg(id, title), format: 'jpeg' } : undefined;
  }
  if (kind === 'coins') {
    const symbol = localCoinSymbols.get(/^([a-z0-9-]+)\.png$/.exec(file)?.[1] ?? '');
    return symbol ? { svg: coinSvg(symbol), format: 'png' } : undefined;
  }
  if (kind === 'photos') {
    const match = /^(\d\d)(-small)?\.webp$/.exec(file);
    const index = Number(match?.[1]) - 1;
    if (!match || !(index >= 0 && index < scenes.length)) return undefined;
    return match[2]
      ? { svg: landscapeSvg(index, 600, 400), format: 'webp' }
      : { svg: landscapeSvg(index, 1200, 800), format: 'webp' };
  }
  if (kind === 'share') {
    if (file === 'logo.png') return { svg: logoSvg(), format: 'png' };
    const card = /^([a-zA-Z]+)\.png$/.exec(file)?.[1];
    return card && Object.hasOwn(shareCards, card) ? { svg: shareCardSvg(card), format: 'png' } : undefined;
  }
  if (kind === 'covers') {
    const n = Number(/^(\d\d)\.webp$/.exec(file)?.[1]);
    return n >= 1 && n <= trackCount ? { svg: coverSvg(n), format: 'webp' } : undefined;
  }
  return undefined;
}

/**
 * `GET /media/{thumbnails|coins|photos|covers|share}/{file}`: pictures Papo draws itself (sharp from SVG) for
 * its local data and for link previews (`share/<section>.png`, 1200×630, and `share/logo.png`), drawn on first
 * request and kept in memory (a fixed, small set).
 */
export const pictureRoutes: FastifyPluginAsync = async (app) => {
  const drawn = new Map<string, Promise<Buffer>>();

  app.get<{ Params: { kind: string; file: string } }>('/media/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params;
    const picture = pictureFor(kind, file);
    if (!picture) throw httpError(404, 'not_found');
    const key = `${kind}/${file}`;
    let image = drawn.get(key);
    if (!image) {
      image = sharp(Buffer.from(picture.svg)).toFormat(picture.format, { quality: 82 }).toBuffer();
      drawn.set(key, image);
      image.catch(() => drawn.delete(key));
    }
    return (
      reply
        .header('content-type', contentTypes[picture.format])
        .header('cache-control', 'public, max-age=86400')
        // drawn for link previews and feeds: other sites and feed readers show them (the site's default is same-origin).
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(await image)
    );
  });
};
