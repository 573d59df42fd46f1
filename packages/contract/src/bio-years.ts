// apart from bio.ts (zod schemas), so the public bio page loads no zod (decision 019).

export const bioYears = { first: 1974, last: 2025 } as const;

/** Every year 1974–2025, for the year buttons. */
export function bioYearList(): number[] {
  return Array.from({ length: bioYears.last - bioYears.first + 1 }, (_, i) => bioYears.first + i);
}
