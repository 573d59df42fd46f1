import { errorCode, errorMessage } from './error-code.js';

/**
 * Whether an error means the database cannot be reached or refuses work for now (stopped, restarting, failing
 * over, out of connections, locked), as opposed to a bug in a query. Those answer 503 so clients retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error);
  const message = errorMessage(error);
  if (typeof code === 'string') {
    // SQLSTATE class 08 is "connection exception"; 57P01–57P03 are shutdown and "cannot connect now";
    // 53300 is too many connections. The errno codes come from the socket under the pg client.
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300') return true;
    if (networkCodes.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
  }
  return typeof message === 'string' && poolMessages.some((text) => message.includes(text));
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg and pg-pool throw without a code when the server goes away or no connection can be had in time. */
const poolMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
];

/** Seconds a client should wait before trying again after a 503 for an unavailable database. */
export const unavailableRetrySeconds = 5;

/** PostgreSQL's "invalid byte sequence" and "untranslatable character": text the database cannot store. */
export function isUnstorableText(error: unknown): boolean {
  const code = errorCode(error);
  return code === '22021' || code === '22P05';
}
