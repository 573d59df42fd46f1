import path from 'node:path';

/** Fastify's registration methods: `app.get('/api/…', handler)` and the like. */
const registerMethods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/** The hand-written parsers of http-error.ts, which `serve` calls from a route's definition. */
const parsers = new Set(['parseBody', 'parseParams', 'parseQuery', 'parseRequestQuery', 'parseParamsOr']);

/** Where the route table's machinery itself parses, registers and fetches. */
const machinery = new Set([
  'apps/server/src/lib/api-route.ts',
  'apps/server/src/lib/http-error.ts',
  'apps/web/src/lib/api.ts',
]);

const isTestFile = (file) => /(\.test\.tsx?|[/\\]test[/\\].*)$/.test(file);
const isServerFile = (file) => file.startsWith('apps/server/src/');
const isWebFile = (file) => file.startsWith('apps/web/');
const isRouteFileName = (file) => /^apps\/server\/src\/features\/.*route[^/]*\.ts$/.test(file);

/** A path a route is registered at: the text of a literal, or null when the code computes it. */
function literalPath(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis[0]?.value.cooked ?? '';
  return null;
}

/** Pages, feeds, health and metrics are not the API: a literal path outside `/api` is left alone. */
const isApiPath = (node) => {
  const text = literalPath(node);
  return text === null || text.startsWith('/api');
};

const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';

/** `x.get('/api/a', handler)`, `x.post(path, options, handler)`, `x.route({ url, … })`: an API route registered by hand. */
function isRegistration(node) {
  const callee = node.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  const name = callee.property.name;
  if (registerMethods.has(name)) {
    return node.arguments.length >= 2 && isFunction(node.arguments.at(-1)) && isApiPath(node.arguments[0]);
  }
  if (name !== 'route' || node.arguments[0]?.type !== 'ObjectExpression') return false;
  const url = node.arguments[0].properties.find(
    (property) => property.type === 'Property' && property.key.type === 'Identifier' && property.key.name === 'url',
  );
  return url !== undefined && isApiPath(url.value);
}

/**
 * Routes are declared once, in the contract's route table: the server registers them with `serve` (which parses
 * params, query and body from the definition) and the web calls them with `api` (which builds the URL and names the
 * answer's type). So a route file neither registers a route by hand nor calls a `parse…` helper, and the web calls
 * no `apiFetch` but through `api`.
 */
export const routeTable = {
  meta: {
    type: 'problem',
    messages: {
      register: 'Declare this route in the contract (apiRoute) and register it with serve (lib/api-route.ts).',
      parse: "{{name}} in a route file: give the schema to the route's definition; serve parses it.",
      apiFetch: "Call the route through api(route, input) (lib/api.ts), from the contract's route table.",
      schemaRoutes:
        "Import {{name}} from '@papo/contract/browser-routes/…': a contract module's routes bring their zod schemas into the page.",
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (machinery.has(file) || isTestFile(file)) return {};
    const server = isServerFile(file);
    if (!server && !isWebFile(file)) return {};
    const findings = [];
    let registers = false;
    return {
      CallExpression(node) {
        if (server && isRegistration(node)) {
          registers = true;
          findings.push({ node, messageId: 'register' });
        } else if (server && node.callee.type === 'Identifier' && parsers.has(node.callee.name)) {
          findings.push({ node, messageId: 'parse', data: { name: node.callee.name }, parse: true });
        }
      },
      // the web calls routes in their browser form; the definitions' schemas stay on the server.
      ImportDeclaration(node) {
        if (server || node.importKind === 'type') return;
        const source = String(node.source.value);
        if (!source.startsWith('@papo/contract/') || source.startsWith('@papo/contract/browser-routes/')) return;
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
          const name = specifier.imported.name ?? specifier.imported.value;
          if (/Routes$/.test(name)) findings.push({ node: specifier, messageId: 'schemaRoutes', data: { name } });
        }
      },
      // any use, not only calls: `queryFn: apiFetch` skips the route table as much as a call does.
      Identifier(node) {
        if (server || node.name !== 'apiFetch') return;
        if (node.parent.type === 'ImportSpecifier' || node.parent.type === 'ImportDefaultSpecifier') return;
        findings.push({ node, messageId: 'apiFetch' });
      },
      'Program:exit'() {
        // a parse helper outside route files is fair (a socket event's payload, a service's own check).
        const routeFile = registers || isRouteFileName(file);
        for (const { node, messageId, data, parse } of findings) {
          if (!parse || routeFile) context.report({ node, messageId, data });
        }
      },
    };
  },
};
