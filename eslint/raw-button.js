import path from 'node:path';

/** The primitives draw the one `<button>` element; everything else renders them. */
const primitives = 'apps/web/src/components/ui/';

/**
 * A raw `<button>` in the web app skips the one button's look, focus ring, default `type="button"` and required label
 * for an icon: render `<Button>` (components/ui/button.tsx) instead, `variant="plain"` for a control that draws its
 * own look.
 */
export const rawButton = {
  meta: {
    type: 'problem',
    messages: {
      raw: 'Render <Button> (components/ui/button.tsx), with a variant, in place of a raw <button>.',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith('apps/web/') || file.startsWith(primitives)) return {};
    return {
      JSXOpeningElement(node) {
        if (node.name.type === 'JSXIdentifier' && node.name.name === 'button')
          context.report({ node, messageId: 'raw' });
      },
    };
  },
};
