import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const blockingImpacts = new Set(['serious', 'critical']);

/**
 * Only violations are read here: the passes and the rest keep one node per rule instead of each node's selector
 * (docs/benchmarks.md, "Test suite").
 */
function axeFor(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
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
