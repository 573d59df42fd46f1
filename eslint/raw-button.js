import { outsidePrimitives } from './outside-primitives.js';

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
    if (!outsidePrimitives(context)) return {};
    return {
      JSXOpeningElement(node) {
        if (node.name.type === 'JSXIdentifier' && node.name.name === 'button')
          context.report({ node, messageId: 'raw' });
      },
    };
  },
};
