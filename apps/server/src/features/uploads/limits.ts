import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { currentUser } from '../../lib/guard.js';
import { httpError, retryAfter } from '../../lib/http-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The preHandler every upload route runs after its sign-in check: at most `member` upload calls per
     * member and `address` per client address in each window, counted in the rate-limit store (Redis when
     * REDIS_URL, so across nodes). Over either: 429 `too_many_requests` with `Retry-After`, before the body is read.
     */
    uploadLimit: preHandlerAsyncHookHandler;
  }
}

export interface UploadLimits {
  /** Upload calls one member may make per window. */
  member: number;
  /** Upload calls one address may make per window, whoever is signed in (one person with several accounts). */
  address: number;
  windowMs: number;
}

/** Decorates `app.uploadLimit`; needs `registerRateLimit` first (it provides `createRateLimit` and the store). */
export function registerUploadLimits(app: FastifyInstance, limits: UploadLimits): void {
  const byAddress = app.createRateLimit({
    max: limits.address,
    timeWindow: limits.windowMs,
    keyGenerator: (request: FastifyRequest) => `upload-ip:${request.ip}`,
  });
  const byMember = app.createRateLimit({
    max: limits.member,
    timeWindow: limits.windowMs,
    keyGenerator: (request: FastifyRequest) => `upload-user:${currentUser(request).userId}`,
  });
  // two limiters through createRateLimit, not two `app.rateLimit` hooks: the plugin runs one of those per request.
  app.decorate('uploadLimit', async function uploadLimit(request: FastifyRequest) {
    const counts = await Promise.all([byAddress(request), byMember(request)]);
    const exceeded = counts.filter((count) => !count.isAllowed && count.isExceeded);
    if (exceeded.length === 0) return;
    const seconds = Math.max(...exceeded.map((count) => (count.isAllowed ? 0 : count.ttlInSeconds)));
    throw retryAfter(httpError(429, 'too_many_requests'), seconds);
  });
}

/**
 * Frames an animated upload (GIF, WebP) may have. Each frame is decoded and resized, so frames multiply the work of
 * one upload (45-frame GIFs held the thread pool for seconds); the count comes from the header.
 */
export const maxAnimationFrames = 100;

/** 400 `image_too_many_frames` for an image with more than `maxAnimationFrames` pages, checked before decoding. */
export function checkAnimationFrames(metadata: { pages?: number }): void {
  if ((metadata.pages ?? 1) > maxAnimationFrames) throw httpError(400, 'image_too_many_frames');
}
