import type { PageRoutes } from '@papo/contract/server-render';
import { routeDefs } from './app/routes/route-table';

/**
 * The route table's paths as the server registers them, one Fastify route each (apps/server/src/web.ts): built beside
 * the renderer into dist/ssr/entry-routes.js (build/ssr-bundle.ts). The catch-all is none of them: an address no
 * route has is the server's not-found answer.
 */
export const pagePaths: PageRoutes['pagePaths'] = routeDefs.flatMap((def) => (def.path === '*' ? [] : [def.path]));
