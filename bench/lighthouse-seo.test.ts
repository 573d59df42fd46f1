import { describe, expect, it } from 'vitest';
import { failedSeoAudits, seoOf, type SeoReport } from './lib/lighthouse-seo.js';

function report(score: number | null, audits: Record<string, number | null>): SeoReport {
  return {
    categories: {
      seo: {
        score,
        auditRefs: [...Object.keys(audits).map((id) => ({ id, weight: 1 })), { id: 'structured-data', weight: 0 }],
      },
    },
    audits: {
      ...Object.fromEntries(
        Object.entries(audits).map(([id, value]) => [id, { score: value, title: `title of ${id}` }]),
      ),
      'structured-data': { score: null, title: 'manual' },
    },
  };
}

describe('bench:web SEO figures', () => {
  it('reads the score and the weighted audits that failed', () => {
    expect(seoOf(report(1, { canonical: 1, 'meta-description': 1, 'is-crawlable': null }))).toEqual({
      score: 100,
      failed: [],
    });
    expect(seoOf(report(0.92, { canonical: 0, 'meta-description': 1, 'link-text': 0 }))).toEqual({
      score: 92,
      failed: [
        { id: 'canonical', title: 'title of canonical' },
        { id: 'link-text', title: 'title of link-text' },
      ],
    });
  });

  it('has no score for a run without the SEO category, and names each failed audit once over the runs', () => {
    expect(seoOf({ categories: {}, audits: {} })).toEqual({ score: null, failed: [] });
    const runs = [report(0.92, { canonical: 0, 'link-text': 1 }), report(0.92, { canonical: 0, 'link-text': 0 })];
    expect(failedSeoAudits(runs)).toEqual(['canonical (title of canonical)', 'link-text (title of link-text)']);
  });
});
