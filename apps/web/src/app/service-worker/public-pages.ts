import { routeDefs, type RouteDef } from '../routes/route-table';

interface Pattern {
  test: RegExp;
  route: RouteDef;
  params: number;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// as React Router ranks them: static paths before those with parameters, the catch-all last.
const patterns: Pattern[] = routeDefs
  .filter((route) => route.path !== '*')
  .map((route) => {
    const parts = route.path.split('/').filter(Boolean);
    const source = parts.map((part) => (part.startsWith(':') ? '([^/]+)' : escapeRegex(part))).join('/');
    return {
      test: new RegExp(`^/${source}/?$`, 'i'),
      route,
      params: parts.filter((part) => part.startsWith(':')).length,
    };
  })
  .sort((a, b) => a.params - b.params);

/**
 * Whether a path is a page anyone may read (the route table's access, the slug variant included): only those are
 * kept for reading offline. A member's page is never kept, though its HTML holds no member data either (their data
 * comes from /api, which the worker never stores).
 */
export function isPublicPage(pathname: string): boolean {
  for (const { test, route } of patterns) {
    const match = test.exec(pathname);
    if (!match) continue;
    const variant = route.handle.slugVariant;
    const handle = variant && match[1]?.toLowerCase().startsWith(variant.slugPrefix) ? variant.handle : route.handle;
    return !handle.requiresAuth;
  }
  // no route: the not-found page, which is not worth keeping.
  return false;
}
