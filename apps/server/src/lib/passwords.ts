import { hash, verify, type Options } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum that
// isolatedModules cannot inline, so Argon2id is written as its value, 2.
const options: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes on libuv's thread pool, so the event loop (and chat delivery) keeps running meanwhile. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
