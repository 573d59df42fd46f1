import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { article } from '../test/articles-api';
import { ArticleCard } from './article-card';

/** The width `sizes` gives for a viewport of `width` CSS pixels (its first media condition that holds, else the last). */
function shownWidth(sizes: string, width: number): number {
  for (const entry of sizes.split(',').map((part) => part.trim())) {
    const match = /^(?:\(min-width: (\d+)px\) )?(\d+)(rem|vw)$/.exec(entry);
    if (!match) throw new Error(`unread sizes entry ${entry}`);
    const [, min, size, unit] = match;
    if (min !== undefined && width < Number(min)) continue;
    return unit === 'rem' ? Number(size) * 16 : (Number(size) * width) / 100;
  }
  throw new Error('sizes without a fallback');
}

describe('article card', () => {
  it("asks for a cover no wider than the card shows, not the article's full width", () => {
    const { container } = render(
      <MemoryRouter>
        <ArticleCard article={article(1, { cover: 'articles/a.webp' })} eager={false} />
      </MemoryRouter>,
    );
    const sizes = container.querySelector('img')?.getAttribute('sizes') ?? '';
    // A 1280 px screen shows three cards of a 72rem list (at most 384 px each); 1024 px, two beside the sidebar.
    expect(shownWidth(sizes, 1280)).toBeLessThanOrEqual(384);
    expect(shownWidth(sizes, 1024)).toBeLessThanOrEqual(512);
    expect(shownWidth(sizes, 360)).toBe(360);
  });
});
