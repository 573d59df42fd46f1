import type * as AuthContract from '@papo/contract/auth';
import type * as ContactContract from '@papo/contract/contact';

/** A module loaded on first use, then read without waiting. */
export interface LazyModule<T> {
  /** The module once it has loaded, else undefined. */
  get(): T | undefined;
  /** Starts loading it (once; again after a failure) and resolves with it. */
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get: () => loaded,
    load: () =>
      (pending ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
}

// What public pages load on use rather than with the page (decision 019: first-route JS ≤ 150 KiB gzipped); tests
// have every such module in before they start (test/setup.ts).

// the contract's zod schemas (~24 KiB gzipped with zod) check a form before it is sent, so a public page with a
// form (sign-in, signup, passwords, contact) loads them when the form is first focused, not with the page; by the
// submit they are almost always in. Limits and field names come from zod-free modules.
export type AuthSchemas = typeof AuthContract;
export type ContactSchemas = typeof ContactContract;
export const authSchemas: LazyModule<AuthSchemas> = lazyModule(() => import('@papo/contract/auth'));
export const contactSchemas: LazyModule<ContactSchemas> = lazyModule(() => import('@papo/contract/contact'));

/** What `read` makes of the module: at once when it has loaded, else once it has. */
export function withModule<T, R>(module: LazyModule<T>, read: (loaded: T) => R): R | Promise<R> {
  const loaded = module.get();
  return loaded ? read(loaded) : module.load().then(read);
}
