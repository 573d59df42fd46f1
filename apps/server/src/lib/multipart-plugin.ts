import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** A request whose body may be multipart (what the plugin's content-type parser would take). */
const multipartType = /multipart/i;

/**
 * Only a multipart body can leave saved files behind, so the plugin's cleanup runs for those requests only: on
 * request, by the Content-Type the body parser will read; on response, by what the parser marked. Every other request
 * passes both hooks synchronously instead of through two promises and a `close` listener each.
 */
function onlyForMultipart(
  name: string,
  hook: (self: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  const applies =
    name === 'onRequest'
      ? (request: FastifyRequest) => multipartType.test(request.headers['content-type'] ?? '')
      : (request: FastifyRequest) => request.isMultipart();
  return function (
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    if (!applies(request)) return done();
    Promise.resolve(hook(this, request, reply)).then(() => done(), done);
  };
}

/**
 * `@fastify/multipart` for the whole app, registered once (decision 020): its two
 * hooks on every request (an async `onRequest` that adds a `close` listener, an async `onResponse` that cleans saved
 * files) are kept, but pass at once when the request has no multipart body. Everything else of the plugin (parser,
 * request decorators, limits) is registered as it is.
 */
export async function registerMultipart(app: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  // NOTE: through Reflect, as the plugin calls it: addHook's typed overloads cannot be replaced by one wrapper.
  const addHook: unknown = Reflect.get(app, 'addHook');
  if (typeof addHook !== 'function') throw new Error('registerMultipart needs a Fastify instance');
  Reflect.set(app, 'addHook', function (this: FastifyInstance, name: unknown, hook: unknown) {
    const wrapped =
      (name === 'onRequest' || name === 'onResponse') && typeof hook === 'function'
        ? onlyForMultipart(name, (self, request, reply) => Reflect.apply(hook, self, [request, reply]))
        : hook;
    return Reflect.apply(addHook, this, [name, wrapped]);
  });
  try {
    await app.register(multipart, options);
  } finally {
    Reflect.set(app, 'addHook', addHook);
  }
}
