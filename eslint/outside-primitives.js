import path from 'node:path';

/** The primitives build the one button and the one loading and error panels; every other web file renders them. */
const primitives = 'apps/web/src/components/ui/';

/** Whether the file being linted is web code outside `components/ui`, where the primitives' rules apply. */
export function outsidePrimitives(context) {
  const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
  return file.startsWith('apps/web/') && !file.startsWith(primitives);
}
