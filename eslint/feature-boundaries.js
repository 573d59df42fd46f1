import path from 'node:path';

const webSource = path.join('apps', 'web', 'src');
const shared = new Set(['components', 'lib', 'hooks', 'config', 'locales']);

/** Where a file sits in the web app: `{ layer: 'features', feature: 'chat' }`, `{ layer: 'lib' }`, or null outside it. */
function place(file) {
  const at = file.lastIndexOf(webSource + path.sep);
  if (at < 0) return null;
  const [layer, feature] = file.slice(at + webSource.length + 1).split(path.sep);
  return layer === 'features' ? { layer, feature } : { layer };
}

/**
 * The web app's boundaries (bulletproof-react's): a feature imports only itself and the shared folders
 * (components, lib, hooks, config, locales) and the test helpers; shared folders import no feature and not
 * `app/`. Only `app/` (and `test/`) compose features. What two features need moves to a shared folder.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: "Feature '{{from}}' imports feature '{{to}}'; move what both need to components/, lib/ or hooks/.",
      sharedImportsFeature:
        'Shared code in {{from}}/ imports {{to}}/; shared folders must not depend on features or app/.',
    },
    schema: [],
  },
  create(context) {
    const from = place(context.filename);
    if (!from || !(from.layer === 'features' || shared.has(from.layer))) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = place(path.resolve(path.dirname(context.filename), source));
      if (!to) return;
      if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
        context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
      } else if (from.layer === 'features' && to.layer === 'app') {
        context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: 'app' } });
      } else if (shared.has(from.layer) && (to.layer === 'features' || to.layer === 'app')) {
        context.report({
          node,
          messageId: 'sharedImportsFeature',
          data: { from: from.layer, to: to.feature ? `features/${to.feature}` : to.layer },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // `vi.mock('../../other/x')` ties a test to another feature as much as an import does.
      CallExpression: (node) => {
        const callee = node.callee;
        const isMock =
          callee.type === 'MemberExpression' &&
          callee.object.name === 'vi' &&
          ['mock', 'doMock'].includes(callee.property.name);
        if (isMock && node.arguments[0]?.type === 'Literal') check(node.arguments[0], node.arguments[0].value);
      },
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
