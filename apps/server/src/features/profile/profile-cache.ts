import type { UserProfile } from '@papo/contract/profile';
import type { FastifyInstance } from 'fastify';
import type { SharedCache } from '../../lib/shared-cache.js';
import { memberReadCache } from '../users/index.js';
import { findUserProfile } from './service.js';

const profiles = new WeakMap<FastifyInstance, SharedCache<number, UserProfile>>();

/**
 * The app's one kept profile read (decision 033): what `GET /api/userprofile` sends and what latest-topic's member
 * part is made of, so both hold the very same record and a write forgets it once.
 */
export function profileReads(app: FastifyInstance): SharedCache<number, UserProfile> {
  let cache = profiles.get(app);
  if (!cache)
    profiles.set(
      app,
      (cache = memberReadCache<UserProfile>(app, 'profile', (userId) => findUserProfile(app.db, userId))),
    );
  return cache;
}
