import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { injectHead, injectNotFound, previewHead, type PreviewSource, type Site } from './social-preview.js';

/** apps/web/dist, found from this file rather than the working directory. */
export const defaultWebDist = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

const immutable = 'public, max-age=31536000, immutable';

export interface WebAppOptions {
  /** The features' social previews, asked in turn for each page served (lib/social-preview.ts). */
  previews: readonly PreviewSource[];
  /** The site's origin and brand, for absolute links and titles in previews. */
  site: () => Promise<Site>;
}

/**
 * Serves the built web app at `/` when `dist` exists and installs the not-found answer:
 * `/api/*`, file paths and requests that ask for something other than HTML get JSON 404; a GET for any
 * other path gets the SPA's index.html so client-side routes survive a reload, with the page's preview
 * tags when a feature has them, or status 404 when a feature knows the slug does not exist.
 */
export async function registerWebApp(app: FastifyInstance, dist: string, opts: WebAppOptions): Promise<void> {
  const root = path.resolve(dist);
  const assets = path.join(root, 'assets') + path.sep;
  const hasDist = existsSync(path.join(root, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      cacheControl: false,
      // NOTE: the web build writes .br and .gz beside each text asset; they are sent when the browser accepts them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts content-hashed files under assets/, so they never change; index.html always may.
        reply.header('cache-control', filePath.startsWith(assets) ? immutable : 'no-cache');
      },
    });
  }
  // NOTE: read once; a new build is served after a restart, as the hashed asset names in it also change.
  const indexHtml = hasDist ? readFileSync(path.join(root, 'index.html'), 'utf8') : '';

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasDist || !wantsPage(request)) return reply.status(404).send({ message: 'not_found' });
    reply.header('cache-control', 'no-cache');
    const pathname = decodePath(request.url);
    if (pathname === null) return reply.sendFile('index.html');
    for (const source of opts.previews) {
      const result = await source(pathname);
      if (!result) continue;
      reply.type('text/html; charset=utf-8');
      if (!result.found) return reply.status(404).send(injectNotFound(indexHtml));
      return reply.send(injectHead(indexHtml, previewHead(result.preview, await opts.site())));
    }
    return reply.sendFile('index.html');
  });
}

/**
 * A page, not a file or a call: GET or HEAD of a path without an extension outside /api, from a
 * browser (text/html) or a crawler — Facebook's sends `Accept: *\/*`, Discord's no Accept at all.
 */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (isApiPath(pathname) || /\.[a-z0-9]+$/i.test(pathname)) return false;
  const accept = request.headers.accept ?? '';
  return accept.trim() === '' || accept.includes('text/html') || accept.includes('*/*');
}

function decodePath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
