import { z } from 'zod';
import { apiRoute } from './api-route.js';

/**
 * Answer of `GET /api/irc`: how a member's IRC client reaches this site. `port` is a plain-text listener,
 * `tlsPort` a TLS one; each is null when there is none, and both when `enabled` is false.
 */
export const ircInfoAnswer = z.object({
  enabled: z.boolean(),
  /** The host name to type in the client: PUBLIC_URL's. */
  host: z.string(),
  port: z.number().nullable(),
  tlsPort: z.number().nullable(),
});
export type IrcInfo = z.infer<typeof ircInfoAnswer>;

/** Fixed for the server process's life. */
export const ircRoutes = {
  info: apiRoute({ method: 'GET', path: '/api/irc', answer: ircInfoAnswer, auth: 'public' }),
};
