import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { requestFor, type Persona } from './requests.js';
import { buildUser } from '../test/users.js';

export interface FuzzResult {
  requests: number;
  routes: number;
  status5xx: number;
  /** Per route: requests sent and the answers by status class. */
  byRoute: Record<string, { requests: number; status2xx: number; status4xx: number; status5xx: number }>;
  /** The first few requests answered ≥ 500, to turn into regular tests. */
  counterexamples: { route: string; persona: Persona; options: InjectOptions; status: number; body: string }[];
  seed: number;
}

let addressCounter = 0;

/** A fresh client address per request, so per-IP limits do not turn the run into a count of 429s. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * Sends `perRoute` generated requests to every route the app registers (from its route list), as anonymous, member
 * and staff, and counts the answers. Nothing is asserted here: the caller decides what a failure is.
 */
export async function fuzzRoutes(app: FastifyInstance, opts: { perRoute: number; seed?: number }): Promise<FuzzResult> {
  const seed = opts.seed ?? Date.now() % 2 ** 31;
  const member = await buildUser(app, { username: 'fuzzmember' });
  const staff = await buildUser(app, { username: 'fuzzstaff', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  const headersOf: Record<Persona, Record<string, string>> = {
    anonymous: {},
    member: member.headers,
    staff: staff.headers,
  };
  // a conversation and a contact message exist, so ids 1 and 2 sometimes reach the deeper paths.
  await app.inject({
    method: 'POST',
    url: '/api/add-conversation',
    headers: staff.headers,
    payload: { user: member.id },
  });
  await app.inject({
    method: 'POST',
    url: '/api/contact/chat',
    payload: { name: 'Fuzz', message: 'Oi' },
    remoteAddress: nextAddress(),
  });

  const routes = app.routeList();
  const result: FuzzResult = {
    requests: 0,
    routes: routes.length,
    status5xx: 0,
    byRoute: {},
    counterexamples: [],
    seed,
  };
  for (const [index, route] of routes.entries()) {
    const counts = (result.byRoute[route] = { requests: 0, status2xx: 0, status4xx: 0, status5xx: 0 });
    const samples = fc.sample(requestFor(route), { numRuns: opts.perRoute, seed: seed + index });
    for (const { persona, options } of samples) {
      const res = await app.inject({
        ...options,
        headers: { ...headersOf[persona], ...options.headers },
        remoteAddress: nextAddress(),
      });
      counts.requests += 1;
      result.requests += 1;
      if (res.statusCode >= 500) {
        counts.status5xx += 1;
        result.status5xx += 1;
        if (result.counterexamples.length < 20) {
          result.counterexamples.push({
            route,
            persona,
            options,
            status: res.statusCode,
            body: res.body.slice(0, 300),
          });
        }
      } else if (res.statusCode >= 400) counts.status4xx += 1;
      else counts.status2xx += 1;
    }
  }
  return result;
}
