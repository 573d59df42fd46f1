import path from 'node:path';

/** The primitives draw the one `<button>` element; everything else renders them. */
const primitives = 'apps/web/src/components/ui/';

/**
 * A raw `<button>` in the web app skips the one button's look, focus ring, default `type="button"` and required label
 * for an icon: render `<Button>` (components/ui/button.tsx) instead. Files not converted yet are listed in the `allow`
 * option (eslint/raw-button-allow.js), and a listed file that has no raw `<button>` left fails until it leaves the list.
 */
export const rawButton = {
  meta: {
    type: 'problem',
    messages: {
      raw: 'Render <Button> (components/ui/button.tsx), with a variant, in place of a raw <button>.',
      converted: '{{file}} has no raw <button> left: remove it from the list in eslint/raw-button-allow.js.',
    },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith('apps/web/') || file.startsWith(primitives)) return {};
    const listed = (context.options[0]?.allow ?? []).includes(file);
    const found = [];
    return {
      JSXOpeningElement(node) {
        if (node.name.type === 'JSXIdentifier' && node.name.name === 'button') found.push(node);
      },
      'Program:exit'(program) {
        if (!listed) {
          for (const node of found) context.report({ node, messageId: 'raw' });
        } else if (found.length === 0) {
          context.report({ node: program, messageId: 'converted', data: { file } });
        }
      },
    };
  },
};
