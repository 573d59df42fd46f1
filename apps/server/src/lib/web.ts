import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** apps/web/dist, found from this file rather than the working directory. */
export const defaultWebDist = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

const immutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app at `/` when `dist` exists and installs the not-found answer:
 * `/api/*` and non-HTML requests get JSON 404; a browser's GET for any other path gets the SPA's
 * index.html so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
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

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      hasDist && request.method === 'GET' && !isApiPath(request.url) && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: 'not_found' });
  });
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
