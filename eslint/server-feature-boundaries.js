import path from 'node:path';

const featuresRoot = path.join('apps', 'server', 'src', 'features');

/** The feature a server file belongs to and its path inside it: `{ feature: 'chat', inside: 'founding.ts' }`, or null. */
function place(file) {
  const at = file.lastIndexOf(featuresRoot + path.sep);
  if (at < 0) return null;
  const [feature, ...rest] = file.slice(at + featuresRoot.length + 1).split(path.sep);
  return { feature, inside: rest.join('/') };
}

/** Tests and their helpers set up state through any feature's internals; the rule is about the running server. */
const isTestFile = (inside) => /(^|\/)(test-support|test\/|[^/]*\.test)\b/.test(inside) || inside.startsWith('test/');

/** `index.ts` imported as `../chat/index.js` (the public surface); anything else of another feature is internal. */
const isPublicSurface = (inside) => /^index\.(js|ts)$/.test(inside);

const isRepository = (inside) => /(^|\/|-)repo(\.(js|ts)|\/)/.test(inside);

/**
 * The server's feature boundaries, the twin of feature-boundaries.js: a file of `features/a/` imports another
 * feature only through that feature's `index.ts`, never its repository or other internals. Shared tools live in
 * `lib/`. Option `allow`: `{ 'features/a/file.ts': ['features/b/inner.ts', …] }`, the exceptions the rule lets
 * through, matched by the importing file and the imported file (`.ts`) exactly; eslint.config.js passes
 * `server-boundary-allow.js`, where each entry says why it must stay.
 */
export const serverFeatureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      repository:
        "Feature '{{from}}' imports {{target}}, another feature's repository; use what features/{{to}}/index.ts exports.",
      internal: "Feature '{{from}}' imports {{target}}; import features/{{to}}/index.ts, the feature's public surface.",
    },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const from = place(context.filename);
    if (!from || isTestFile(from.inside)) return {};
    const allowed = new Set(context.options[0]?.allow?.[`features/${from.feature}/${from.inside}`] ?? []);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = place(path.resolve(path.dirname(context.filename), source));
      if (!to || to.feature === from.feature || isPublicSurface(to.inside)) return;
      const target = `features/${to.feature}/${to.inside.replace(/\.js$/, '.ts')}`;
      if (allowed.has(target)) return;
      const messageId = isRepository(to.inside) ? 'repository' : 'internal';
      context.report({ node, messageId, data: { from: from.feature, to: to.feature, target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
