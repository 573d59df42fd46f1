import { outsidePrimitives } from './outside-primitives.js';

/** Whether the element carries the attribute `name`, with any value. */
function has(node, name) {
  return node.attributes.some(
    (attribute) =>
      attribute.type === 'JSXAttribute' && attribute.name.type === 'JSXIdentifier' && attribute.name.name === name,
  );
}

/** Whether the element says `name="value"` (or `name={'value'}`). */
function says(node, name, value) {
  return node.attributes.some((attribute) => {
    if (attribute.type !== 'JSXAttribute' || attribute.name.type !== 'JSXIdentifier') return false;
    if (attribute.name.name !== name || !attribute.value) return false;
    const literal = attribute.value.type === 'JSXExpressionContainer' ? attribute.value.expression : attribute.value;
    return literal.type === 'Literal' && literal.value === value;
  });
}

/**
 * A `StatePanel` with `spin` hand-builds a loading panel, and one with `tone="error"` an error panel, each with its
 * own icon, role, retry text and test id: render `<LoadingState>` or `<ErrorState>` (components/ui/load-state.tsx),
 * `variant="card"` or `"fill"` to match the screen's other states, so every such panel looks, is announced and
 * offers its retry the same way.
 */
export const loadingPanel = {
  meta: {
    type: 'problem',
    messages: {
      spin: 'Render <LoadingState> (components/ui/load-state.tsx), with a variant, in place of <StatePanel spin>.',
      error:
        'Render <ErrorState> (components/ui/load-state.tsx), with a variant and onRetry, in place of <StatePanel tone="error">.',
    },
    schema: [],
  },
  create(context) {
    if (!outsidePrimitives(context)) return {};
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'StatePanel') return;
        if (has(node, 'spin')) context.report({ node, messageId: 'spin' });
        else if (says(node, 'tone', 'error')) context.report({ node, messageId: 'error' });
      },
    };
  },
};
