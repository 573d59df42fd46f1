import { useLayoutEffect, useRef } from 'react';

/**
 * Fields of the server's page can be typed in before its code is live (a page of islands, or the app still
 * hydrating): React keeps what the browser shows but its state starts empty. Once hydrated, what `read` finds in the
 * page is handed to `keep` (when not empty), so what the reader typed is what is sent.
 */
export function useKeepTypedBeforeHydration(read: () => string, keep: (value: string) => void): void {
  const first = useRef({ read, keep });
  useLayoutEffect(() => {
    const typed = first.current.read();
    if (typed) first.current.keep(typed);
  }, []);
}

/** The one-field form: the field given the returned ref hands what it holds to `keep` once hydrated. */
export function useTypedBeforeHydration<T extends HTMLInputElement | HTMLTextAreaElement>(
  keep: (value: string) => void,
) {
  const field = useRef<T>(null);
  useKeepTypedBeforeHydration(() => field.current?.value ?? '', keep);
  return field;
}
