import path from 'node:path';

const serverSource = path.join('apps', 'server', 'src');

/**
 * The server's ground floors and what each may import besides itself: `db/` stands on nothing of the server, `lib/`
 * on `db/` alone. Everything above (features, realtime, ssr, providers, config, app) may use both, so an import from
 * either of them upward would close a circle.
 */
const below = { db: [], lib: ['db'] };

/** The top folder of the server a file is in (`'lib'`, `'features'`, `'config.ts'`…), or null outside the server. */
function folderOf(file) {
  const at = file.lastIndexOf(serverSource + path.sep);
  if (at < 0) return null;
  return file
    .slice(at + serverSource.length + 1)
    .split(path.sep)[0]
    .replace(/\.js$/, '.ts');
}

/** Tests and their helpers build whole apps around what they test. */
const isTestFile = (file) => /(\.test\.ts|(^|[/\\])test-support[^/\\]*)$/.test(file);

/** The server's layer rule: a file of `db/` or `lib/` imports nothing that stands above it. */
export const serverLayers = {
  meta: {
    type: 'problem',
    messages: {
      upward:
        '{{from}}/ may import only {{allowed}}; {{target}} stands above it. Pass what it needs in from the caller or move the shared part down.',
    },
    schema: [],
  },
  create(context) {
    const from = folderOf(context.filename);
    if (!(from in below) || isTestFile(context.filename)) return {};
    const allowed = new Set([from, ...below[from]]);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = folderOf(target);
      if (to === null || allowed.has(to)) return;
      const list = [...allowed].map((name) => `${name}/`).join(' and ');
      context.report({ node, messageId: 'upward', data: { from, allowed: list, target: to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
