import { repoRoot, ruleTester } from './rule-tester.js';
import { routeTable } from './route-table.js';

const server = `${repoRoot}/apps/server/src`;
const web = `${repoRoot}/apps/web/src`;
const tester = ruleTester();

tester.run('route-table', routeTable, {
  valid: [
    // Registered from the contract.
    { filename: `${server}/features/nicknames/routes.ts`, code: 'serve(app, routes.list, async () => ({}));' },
    // Pages, health and metrics are not the API.
    { filename: `${server}/features/health/routes.ts`, code: "app.get('/readyz', async () => 'ok');" },
    { filename: `${server}/features/site/routes.ts`, code: 'app.get(`/sitemap.xml`, async () => "");' },
    // Maps and sets are not routers.
    { filename: `${server}/features/chat/routes.ts`, code: 'rooms.get(key); rooms.delete(id);' },
    // A parse helper outside a route file: a service's or a socket handler's own check.
    { filename: `${server}/features/bio/service.ts`, code: 'const body = parseBody(schema, value);' },
    // The machinery itself, and tests.
    { filename: `${server}/lib/api-route.ts`, code: 'app.route({ method, url: route.path, handler });' },
    { filename: `${server}/features/x/routes.test.ts`, code: "t.app.get('/api/test', async () => ({}));" },
    { filename: `${web}/lib/api.ts`, code: "const answer = apiFetch('/api/x');" },
    { filename: `${web}/lib/api.test.ts`, code: "await apiFetch('/api/x');" },
    { filename: `${web}/features/profile/api/add-nickname.ts`, code: 'await api(nicknameRoutes.add, { body });' },
    // The web imports routes in their browser form; the server, with their schemas.
    {
      filename: `${web}/features/profile/api/nicknames.ts`,
      code: "import { nicknameRoutes } from '@papo/contract/browser-routes/profile'; import { profileLimits } from '@papo/contract/profile';",
    },
    {
      filename: `${server}/features/nicknames/routes.ts`,
      code: "import { nicknameRoutes } from '@papo/contract/profile';",
    },
  ],
  invalid: [
    {
      filename: `${web}/features/profile/api/nicknames.ts`,
      code: "import { nicknameRoutes, profileLimits } from '@papo/contract/profile';",
      errors: [{ messageId: 'schemaRoutes', data: { name: 'nicknameRoutes' } }],
    },
    {
      filename: `${server}/features/bio/routes.ts`,
      code: "app.get('/api/bio/:id', { preHandler: requireStaff }, async (request) => ({}));",
      errors: [{ messageId: 'register' }],
    },
    {
      filename: `${server}/features/push/routes.ts`,
      code: 'members.post(path, async () => ({}));',
      errors: [{ messageId: 'register' }],
    },
    {
      filename: `${server}/features/media/routes.ts`,
      code: "app.route({ method: 'GET', url: '/api/tracks', handler });",
      errors: [{ messageId: 'register' }],
    },
    {
      filename: `${server}/features/media/music-routes.ts`,
      code: 'const { page } = parseQuery(tracksQuery, request.query);',
      errors: [{ messageId: 'parse', data: { name: 'parseQuery' } }],
    },
    {
      // A file that registers routes is a route file whatever its name.
      filename: `${server}/features/profile/picture.ts`,
      code: "app.post('/api/pic', async (request) => parseParamsOr(params, request.params, 404, 'x'));",
      errors: [{ messageId: 'register' }, { messageId: 'parse', data: { name: 'parseParamsOr' } }],
    },
    {
      filename: `${web}/features/bio/api/get-bio.ts`,
      code: "import { apiFetch } from '../../../lib/api'; const f = () => apiFetch('/api/bio'); useQuery({ queryFn: apiFetch });",
      errors: [{ messageId: 'apiFetch' }, { messageId: 'apiFetch' }],
    },
  ],
});
