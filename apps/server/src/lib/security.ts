import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the built Vite/React app needs and nothing more: its own scripts and styles (React sets inline
 * style attributes), images from anywhere over https (avatars, covers), the Socket.IO connection and
 * embedded YouTube players.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'font-src': ["'self'", 'data:'],
  'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Security headers on every answer, HTML and JSON alike. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // NOTE: only the listed directives; helmet's extra defaults (upgrade-insecure-requests) would break
    // a plain-http install reached over the local network.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  });
}
