const isoDuration = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Seconds in a YouTube ISO 8601 duration (`PT1H2M3S`, `P1DT2H`, `P0D` for live streams). Anything else
 * is 0, which the video page shows as `0:00`.
 */
export function isoDurationSeconds(text: string): number {
  const match = isoDuration.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) return 0;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => (part ? Number(part) : 0)) as [number, number, number, number, number];
  return Math.round(((weeks * 7 + days) * 24 + hours) * 3600 + minutes * 60 + seconds);
}
