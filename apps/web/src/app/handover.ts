import { dehydrate, hydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { handoverElementId } from '@papo/contract/server-render';
import { ApiError } from '../lib/api';
import { isLanguage, type Language } from '../lib/i18n';
import { writeDefaults } from '../lib/write-defaults';

/*
 * What the server hands over in a page it rendered (decision 019): the language it rendered in, the
 * answers of the calls it made (TanStack Query's dehydrated cache) and the router's data, so the
 * browser hydrates the same markup without calling the API again.
 */
export interface Handover {
  language: Language;
  queries: DehydratedState;
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    errors: Record<string, unknown> | null;
  };
  /**
   * The page is the catch-all's 404, which the server renders once and answers for every address whose page does
   * not exist, a route's unknown slug included: the browser shows it at the address visited
   * (app/routes/shared-not-found.ts).
   */
  sharedNotFound?: true;
}

/**
 * For how long after hydration a screen that mounts with an answer the server handed over does not fetch it
 * again, whatever its own staleTime (the ads' is 0: they vary per page view, and the server's view is this one).
 */
const handoverWindowMs = 60_000;

const handedOver = new Set<string>();
let handedOverAt = 0;

function refetchOnMount(query: Query): boolean {
  return !(handedOver.has(query.queryHash) && Date.now() - handedOverAt < handoverWindowMs);
}

/** The app's query client: no refetch on window focus, nor on mounting with an answer just handed over. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, refetchOnMount }, mutations: writeDefaults },
  });
}

interface SerializedApiError {
  apiError: { status: number; message: string; errors: Record<string, string[]> };
}

function isSerializedApiError(value: unknown): value is SerializedApiError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/** Sets a dehydrated query's error to its JSON form, or back (the cache's type knows only the live `Error`). */
function replaceError(state: { error: unknown }, error: unknown): void {
  state.error = error;
}

/** The query cache as JSON-safe data: settled answers, with API errors kept as their status and key. */
export function dehydrateQueries(client: QueryClient): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error instanceof ApiError) {
      const serialized: SerializedApiError = {
        apiError: { status: error.status, message: error.message, errors: error.errors },
      };
      replaceError(query.state, serialized);
    } else if (error) {
      replaceError(query.state, { apiError: { status: 0, message: 'request_failed', errors: {} } });
    }
  }
  return state;
}

/** Puts the server's answers into the client's cache, as fresh answers. */
export function hydrateQueries(client: QueryClient, state: DehydratedState) {
  for (const query of state.queries) {
    const error: unknown = query.state.error;
    if (isSerializedApiError(error)) {
      const { status, message, errors } = error.apiError;
      replaceError(query.state, new ApiError(status, message, errors));
      // the server showed this failure (a 404 page); asking again while hydrating would show a spinner instead.
      client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
    handedOver.add(query.queryHash);
  }
  handedOverAt = Date.now();
  hydrate(client, state);
}

/** JSON inside a script element: `<` escaped so the text can never close the element. */
export function serializeHandover(handover: Handover): string {
  return JSON.stringify(handover)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The handover of a page the server rendered, or null for a page the browser renders alone. */
export function readHandover(): Handover | null {
  const element = document.getElementById(handoverElementId);
  if (!element?.textContent) return null;
  try {
    const value = JSON.parse(element.textContent) as Handover; // cast: written by this build's own server render (serializeHandover)
    return isLanguage(value.language) ? value : null;
  } catch {
    return null;
  }
}
