/**
 * The `code` a thrown error carries (Node's errno name, a database's SQLSTATE or SQLite code, Fastify's `FST_…`), or
 * undefined: the one way the server reads it, without a cast at each catch.
 */
export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** The `message` of a thrown error, when it has a text one. */
export function errorMessage(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? error.message
    : undefined;
}
