import { useLayoutEffect, useRef } from 'react';

/**
 * A field of the server's page can be typed in before its code is live (a page of islands, or the app still
 * hydrating): React keeps what the browser shows but its state starts empty. The field given the returned ref hands
 * what it holds to `keep` once hydrated, so what the reader typed is what is sent.
 */
export function useTypedBeforeHydration<T extends HTMLInputElement | HTMLTextAreaElement>(
  keep: (value: string) => void,
) {
  const field = useRef<T>(null);
  const first = useRef(keep);
  useLayoutEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed) first.current(typed);
  }, []);
  return field;
}
