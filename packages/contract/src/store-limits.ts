// apart from stores.ts (zod schemas), so the public store pages load no zod (decision 019).

export const storeLimits = {
  name: 100,
  slug: 120,
  productName: 120,
  link: 2000,
  /** Positions 0 … slots - 1. */
  slots: 12,
  /** Largest page of the public lists and the staff list. */
  pageSize: 40,
  /** The staff list shows `load more` only above this many rows (public-site §9). */
  loadMoreAfter: 15,
  latest: 8,
  /** The cover's description (public-site §5: 255), also the cover's alternative text. */
  coverDescription: 255,
} as const;
