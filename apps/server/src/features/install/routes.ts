import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../../lib/conditional.js';
import { packIco, renderIcon } from './icons.js';
import { brandGreen, logoSvg, pageBackground } from './logo.js';

/** What makes the site installable: the web app manifest and the icons, drawn from the logo. */
export interface InstallOptions {
  /** The site's name (the company's brand). */
  brand: () => Promise<string>;
}

/** The icons the manifest lists, by path. */
export const manifestIcons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

interface Drawn {
  body: Buffer;
  type: string;
  etag: string;
}

// unversioned addresses: kept a day by browsers, then checked (a 304 while the logo is the same).
const iconCacheControl = 'public, max-age=86400';

function drawn(body: Buffer, type: string): Drawn {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/** An icon drawn on its first request and kept for the life of the process. */
function keptDrawing(draw: () => Promise<Drawn>): () => Promise<Drawn> {
  let drawing: Promise<Drawn> | undefined;
  return () => {
    if (!drawing) {
      const started = draw();
      // a failed drawing is tried again on the next request instead of being kept.
      started.catch(() => {
        if (drawing === started) drawing = undefined;
      });
      drawing = started;
    }
    return drawing;
  };
}

function send(request: FastifyRequest, reply: FastifyReply, icon: Drawn, cacheControl = iconCacheControl) {
  reply.header('cache-control', cacheControl).header('etag', icon.etag);
  if (matchesEtag(request.headers['if-none-match'], icon.etag)) return reply.status(304).send();
  return reply.type(icon.type).send(icon.body);
}

/** An icon's route: drawn once, then sent with its ETag (a 304 while it is the same). */
function iconRoute(draw: () => Promise<Drawn>) {
  const icon = keptDrawing(draw);
  return async (request: FastifyRequest, reply: FastifyReply) => send(request, reply, await icon());
}

const png = (size: number, purpose: 'any' | 'maskable') => async () =>
  drawn(await renderIcon(size, purpose), 'image/png');

export const installRoutes: FastifyPluginAsync<InstallOptions> = async (app, { brand }) => {
  app.get(
    '/favicon.svg',
    iconRoute(async () => drawn(Buffer.from(logoSvg('any')), 'image/svg+xml')),
  );
  app.get(
    '/favicon.ico',
    iconRoute(async () =>
      drawn(
        packIco(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await renderIcon(size) })))),
        'image/x-icon',
      ),
    ),
  );
  // iOS rounds the corners itself and shows transparency as black: the full square.
  app.get('/apple-touch-icon.png', iconRoute(png(180, 'maskable')));
  // The icons the manifest lists (`manifestIcons`; its test asks each of them).
  app.get('/icons/icon-192.png', iconRoute(png(192, 'any')));
  app.get('/icons/icon-512.png', iconRoute(png(512, 'any')));
  app.get('/icons/maskable-192.png', iconRoute(png(192, 'maskable')));
  app.get('/icons/maskable-512.png', iconRoute(png(512, 'maskable')));

  app.get('/manifest.webmanifest', async (request, reply) => {
    const name = await brand();
    const manifest = {
      id: '/',
      name,
      short_name: name,
      description: 'Comunidade em português com canais de bate-papo ao vivo, ao estilo do IRC, e um site de conteúdo.',
      lang: 'pt-BR',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: brandGreen,
      background_color: pageBackground,
      categories: ['social', 'entertainment'],
      icons: manifestIcons,
    };
    // the brand may change in the back office: checked each time, a 304 while it is the same.
    return send(
      request,
      reply,
      drawn(Buffer.from(JSON.stringify(manifest)), 'application/manifest+json; charset=utf-8'),
      'public, no-cache',
    );
  });
};
