/*
 * Lighthouse's SEO category as bench:web reports it beside the performance figures: the score, and the
 * audits that kept it under 100 (a canonical that conflicts, a description missing, a link without text…), so an
 * over-budget line says what to fix.
 */

/** The parts of a Lighthouse report this module reads. */
export interface SeoReport {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { score?: number | null; title?: string } | undefined>;
}

export interface SeoResult {
  /** 0–100, or null when the run has no SEO category. */
  score: number | null;
  /** The weighted audits that failed, by id, with Lighthouse's title. */
  failed: { id: string; title: string }[];
}

/** The SEO score of one run and the weighted audits behind anything short of 100. */
export function seoOf(report: SeoReport): SeoResult {
  const category = report.categories.seo;
  if (!category || typeof category.score !== 'number') return { score: null, failed: [] };
  const failed = (category.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: report.audits[ref.id] }))
    .filter(({ audit }) => typeof audit?.score === 'number' && audit.score < 1)
    .map(({ ref, audit }) => ({ id: ref.id, title: audit?.title ?? ref.id }));
  return { score: Math.round(category.score * 100), failed };
}

/** The audits that failed in any of a route's runs, once each, in the order first seen. */
export function failedSeoAudits(reports: readonly SeoReport[]): string[] {
  const seen = new Map<string, string>();
  for (const report of reports)
    for (const { id, title } of seoOf(report).failed) if (!seen.has(id)) seen.set(id, title);
  return [...seen].map(([id, title]) => `${id} (${title})`);
}
