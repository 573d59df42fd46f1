/*
 * What a component may read about the request, in the browser and while the server renders a page:
 * the cookies (language, consent) and the site's origin (canonical links). The server renders several pages at
 * once (their data waits overlap), so entry-server.tsx says where the render in progress finds its own request.
 */
export interface ServerRequest {
  cookie: string;
  origin: string;
  /** Set when the page rendered is the 404 page (an unknown address, or a slug nobody has): the answer's status. */
  notFound?: boolean;
}

let currentRequest: () => ServerRequest | null = () => null;

/** Set once by entry-server.tsx: the request of the render in progress (its async context), null outside a render. */
export function setServerRequestSource(source: () => ServerRequest | null) {
  currentRequest = source;
}

/** Called by the 404 page as it renders: on the server, the page is answered with status 404. */
export function markNotFound() {
  const request = currentRequest();
  if (request) request.notFound = true;
}

function cookieHeader(): string {
  if (typeof document !== 'undefined') return document.cookie;
  return currentRequest()?.cookie ?? '';
}

/** The value of cookie `name`, or null when the request has none. */
export function readCookie(name: string): string | null {
  return cookieFrom(cookieHeader(), name);
}

/** The value of cookie `name` in a Cookie header, or null when it has none. */
export function cookieFrom(header: string, name: string): string | null {
  for (const part of header.split(/;\s*/)) {
    if (part.startsWith(`${name}=`)) {
      try {
        return decodeURIComponent(part.slice(name.length + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The site's origin (PUBLIC_URL), e.g. https://papo.example: the server writes it into `<html data-origin>`, so
 * canonical links and og:url are the same in the server's HTML and after hydration, at whatever address the page
 * was reached. `location.origin` only for a page served without it (the Vite dev server).
 */
export function siteOrigin(): string {
  if (typeof window !== 'undefined') return document.documentElement.dataset.origin || window.location.origin;
  return currentRequest()?.origin ?? '';
}
