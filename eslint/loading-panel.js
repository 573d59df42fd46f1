import { outsidePrimitives } from './outside-primitives.js';

/**
 * A `StatePanel` with `spin` hand-builds a loading panel, with its own icon, role and test id: render `<LoadingState>`
 * (components/ui/load-state.tsx), `variant="card"` where the screen's other states are cards, so every loading panel
 * spins the same icon and is announced the same way.
 */
export const loadingPanel = {
  meta: {
    type: 'problem',
    messages: {
      spin: 'Render <LoadingState> (components/ui/load-state.tsx), with a variant, in place of <StatePanel spin>.',
    },
    schema: [],
  },
  create(context) {
    if (!outsidePrimitives(context)) return {};
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'StatePanel') return;
        const spin = node.attributes.some(
          (attribute) =>
            attribute.type === 'JSXAttribute' &&
            attribute.name.type === 'JSXIdentifier' &&
            attribute.name.name === 'spin',
        );
        if (spin) context.report({ node, messageId: 'spin' });
      },
    };
  },
};
