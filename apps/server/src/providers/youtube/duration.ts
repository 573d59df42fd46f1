const isoDuration = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Seconds in a YouTube ISO 8601 duration (`PT1H2M3S`, `P1DT2H`, `P0D` for live streams). Anything else
 * is 0, which the video page shows as `0:00`.
 */
export function isoDurationSeconds(text: string): number {
  const match = isoDuration.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) return 0;
  const part = (at: number) => Number(match[at] ?? 0);
  return Math.round(((part(1) * 7 + part(2)) * 24 + part(3)) * 3600 + part(4) * 60 + part(5));
}
