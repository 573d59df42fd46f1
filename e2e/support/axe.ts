import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const blockingImpacts = new Set(['serious', 'critical']);

/**
 * The axe run for `page`. Without child frames it is one `axe.run` in the page (AxeBuilder's legacy mode): the same
 * rules on the same document, with the same violations, as the default mode, which runs axe in each frame and merges
 * the results in a second, blank page it opens for the purpose — twice the CPU of the check itself (docs/benchmarks.md,
 * "Test suite"). A page with frames keeps the default mode, which reaches into frames of other origins too. Only
 * violations are read here: the passes and the rest keep one node per rule instead of each node's selector.
 */
function axeFor(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  return page.frames().length > 1 ? builder : builder.setLegacyMode();
}

/** Runs axe on the page as it is now and fails listing every serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await axeFor(page).analyze();
  const violations = results.violations
    .filter((violation) => blockingImpacts.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
      return `${violation.id} (${violation.impact}): ${violation.help} — ${targets}`;
    });
  if (violations.length > 0) {
    throw new Error(
      `axe: ${violations.length} serious/critical violation(s) on ${new URL(page.url()).pathname}:\n${violations.join('\n')}`,
    );
  }
}
