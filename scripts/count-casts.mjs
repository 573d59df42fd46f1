// `npm run casts`: how many type assertions (`x as T`, `<T>x`; `as const` is not one) and non-null assertions (`x!`)
// the server and the web hold outside their tests, read from TypeScript's own syntax tree (so an `as` in an import,
// a string or a comment is not counted, and `!==` or `!x` never is).
//   --list                 also print every occurrence as file:line:column and its text
//   --max-as N --max-non-null N   exit 1 when the total of either is over N (`npm run casts` sets them; `npm run lint` runs it)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

const areas = [
  { name: 'server', dirs: ['apps/server/src'] },
  { name: 'web', dirs: ['apps/web/src', 'apps/web/build', 'apps/web/vite.config.ts'] },
];

/** Test code: test files, the `test/` folders, `test-support` helpers and fakes of outside services. */
export function isTest(path) {
  return /\.(test|spec)\.tsx?$|(^|\/)(test|test-support)(\/|\.tsx?$)|(^|\/)fake-[^/]+\.tsx?$/.test(path);
}

function sourceFiles(entry) {
  const full = join(root, entry);
  if (/\.tsx?$/.test(entry)) return [full];
  const files = [];
  for (const dirent of readdirSync(full, { withFileTypes: true, recursive: true })) {
    if (!dirent.isFile() || !/\.tsx?$/.test(dirent.name) || dirent.name.endsWith('.d.ts')) continue;
    const path = join(dirent.parentPath, dirent.name);
    if (!path.includes('/node_modules/')) files.push(path);
  }
  return files;
}

function isAsConst(node) {
  const type = node.type;
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
}

/** The casts and non-null assertions in one file's text, each as `path:line:column  text`. */
export function castsIn(text, path) {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const found = { as: [], nonNull: [] };
  const where = (node) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    const snippet = node.getText(source).replace(/\s+/g, ' ');
    return `${relative(root, path)}:${line + 1}:${character + 1}  ${snippet.length > 100 ? `${snippet.slice(0, 97)}...` : snippet}`;
  };
  const visit = (node) => {
    if ((ts.isAsExpression(node) && !isAsConst(node)) || ts.isTypeAssertionExpression(node)) found.as.push(where(node));
    else if (ts.isNonNullExpression(node)) found.nonNull.push(where(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What is over the limits (none when `totals` is within them; an absent limit is no limit). */
export function overLimits(totals, { maxAs, maxNonNull }) {
  const over = [];
  if (maxAs !== undefined && totals.as > maxAs) over.push(`${totals.as} as > ${maxAs}`);
  if (maxNonNull !== undefined && totals.nonNull > maxNonNull)
    over.push(`${totals.nonNull} non-null ! > ${maxNonNull}`);
  return over;
}

function countFile(path) {
  const text = readFileSync(path, 'utf8');
  return { ...castsIn(text, path), lines: text.split('\n').length };
}

function main() {
  function option(name) {
    const at = process.argv.indexOf(name);
    if (at === -1) return undefined;
    const value = Number(process.argv[at + 1]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} needs a whole number`);
    return value;
  }

  const list = process.argv.includes('--list');
  const maxAs = option('--max-as');
  const maxNonNull = option('--max-non-null');

  const perThousand = (count, lines) => ((count * 1000) / Math.max(lines, 1)).toFixed(1);
  const totals = { as: 0, nonNull: 0, lines: 0 };
  for (const area of areas) {
    const files = area.dirs.flatMap(sourceFiles).filter((path) => !isTest(relative(root, path)));
    const sum = { as: [], nonNull: [], lines: 0 };
    for (const path of files) {
      const found = countFile(path);
      sum.as.push(...found.as);
      sum.nonNull.push(...found.nonNull);
      sum.lines += found.lines;
    }
    console.log(
      `${area.name}: ${sum.as.length} as, ${sum.nonNull.length} non-null ! in ${files.length} files, ${sum.lines} lines ` +
        `(${perThousand(sum.as.length, sum.lines)} and ${perThousand(sum.nonNull.length, sum.lines)} per 1,000 lines)`,
    );
    if (list)
      for (const line of [...sum.as.map((at) => `  as  ${at}`), ...sum.nonNull.map((at) => `  !   ${at}`)])
        console.log(line);
    totals.as += sum.as.length;
    totals.nonNull += sum.nonNull.length;
    totals.lines += sum.lines;
  }
  console.log(`total: ${totals.as} as, ${totals.nonNull} non-null ! outside tests`);

  const over = overLimits(totals, { maxAs, maxNonNull });
  if (over.length) {
    console.error(`over the limit: ${over.join(', ')} (npm run casts -- --list shows each one)`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
