import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What the built Vite/React app needs and nothing more: its own scripts and styles (React sets inline
 * style attributes), images from anywhere over https (avatars, covers), the Socket.IO connection and
 * embedded YouTube players.
 */
const contentSecurityPolicy: Record<string, string[]> = {
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

/** Google Identity Services: its script, its button's iframe and styles, and its calls. */
const googleSignIn: Record<string, string[]> = {
  'script-src': ['https://accounts.google.com/gsi/client'],
  'style-src': ['https://accounts.google.com/gsi/style'],
  'frame-src': ['https://accounts.google.com/gsi/'],
  'connect-src': ['https://accounts.google.com/gsi/'],
};

/** The policy for this install: Google's sources are allowed only when Google sign-in is configured. */
function policyFor(opts: { googleSignIn: boolean }): Record<string, string[]> {
  if (!opts.googleSignIn) return contentSecurityPolicy;
  const policy = { ...contentSecurityPolicy };
  for (const [directive, sources] of Object.entries(googleSignIn))
    policy[directive] = [...(policy[directive] ?? []), ...sources];
  return policy;
}

/**
 * The headers helmet sets for these options. They depend on nothing in the request, so helmet runs
 * once here instead of its dozen middlewares on every request (decision 012).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  // a response that is never sent, only for helmet to set its headers on.
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown;
  helmet(options)(request, response, (error?: unknown) => void (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders()))
    if (value !== undefined) headers[name] = String(value);
  return headers;
}

/** helmet's options for this install. */
export function securityOptions(opts: { googleSignIn: boolean }): HelmetOptions {
  return {
    // only the listed directives; helmet's extra defaults (upgrade-insecure-requests) would break
    // a plain-http install reached over the local network.
    contentSecurityPolicy: { useDefaults: false, directives: policyFor(opts) },
    // Google's sign-in popup talks back to its opener; 'same-origin' would cut it off.
    crossOriginOpenerPolicy: { policy: opts.googleSignIn ? 'same-origin-allow-popups' : 'same-origin' },
  };
}

/**
 * The powerful features no page of Papo uses, denied to the page and to every frame in it: a script that
 * got in could not ask for the camera, the microphone, the location, a payment or a USB device. Autoplay, full
 * screen and picture-in-picture stay as the browser has them (the players and YouTube's embeds use them).
 */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** Security headers on every answer, HTML and JSON alike. */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { googleSignIn: boolean }): Promise<void> {
  const headers = { ...securityHeaders(securityOptions(opts)), 'permissions-policy': permissionsPolicy };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
