import type { RouteOptions } from 'fastify';

/** Collects routes as Fastify registers them, for `npm run routes` and for tests. */
export function createRouteCollector() {
  const seen = new Set<string>();
  return {
    onRoute(route: RouteOptions): void {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        seen.add(`${method} ${toPlaceholders(route.url)}`);
      }
    },
    list(): string[] {
      return [...seen].sort();
    },
  };
}

/** `/api/company/:id` → `/api/company/{id}`; a regex constraint (`:id(\\d+)`) is dropped. */
export function toPlaceholders(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');
}
