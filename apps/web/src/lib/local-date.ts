/*
 * Dates typed as text in the app's language: the browser's own date control shows its format in the browser's
 * language ("mm/dd/yyyy" in an English Chromium whatever the app's language), so a date is typed in the order the
 * app's language writes it and a time as hours and minutes on 24 hours.
 */

/** The parts of a date in the order a language writes them. */
export type DatePart = 'day' | 'month' | 'year';

/** The order of day, month and year in `language` (22/11/2026 in Portuguese, 11/22/2026 in English). */
export function dateOrder(language: string): DatePart[] {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(2026, 10, 22))
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A local time as `YYYY-MM-DDTHH:mm` (the value `toLocalInput` makes) split into the texts the fields show. */
export function localTexts(value: string, language: string): { date: string; time: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return { date: '', time: '' };
  const [, year, month, day, hours, minutes] = match;
  const parts: Record<DatePart, string> = { day: day ?? '', month: month ?? '', year: year ?? '' };
  return {
    date: dateOrder(language)
      .map((part) => parts[part])
      .join('/'),
    time: `${hours}:${minutes}`,
  };
}

/**
 * The texts typed back as `YYYY-MM-DDTHH:mm`: '' when both are empty, null when either is missing or is no real date
 * or time (31/02, 24:00). Any non-digit separates the date's numbers; the time takes "14:30", "14h30" or "1430".
 */
export function parseLocalTexts(date: string, time: string, language: string): string | null {
  if (!date.trim() && !time.trim()) return '';
  const numbers = date.trim().split(/\D+/).filter(Boolean).map(Number);
  const clock = /^(\d{1,2})\s*(?:[:h.]\s*)?(\d{2})$/i.exec(time.trim());
  if (numbers.length !== 3 || !clock) return null;
  const order = dateOrder(language);
  const partOf = (part: DatePart) => numbers[order.indexOf(part)] ?? 0;
  const parts = { day: partOf('day'), month: partOf('month'), year: partOf('year') };
  const hours = Number(clock[1]);
  const minutes = Number(clock[2]);
  const year = parts.year < 100 ? 2000 + parts.year : parts.year;
  const check = new Date(year, parts.month - 1, parts.day);
  const realDate =
    year >= 1000 &&
    year <= 9999 &&
    check.getFullYear() === year &&
    check.getMonth() === parts.month - 1 &&
    check.getDate() === parts.day;
  if (!realDate || hours > 23 || minutes > 59) return null;
  return `${year}-${pad(parts.month)}-${pad(parts.day)}T${pad(hours)}:${pad(minutes)}`;
}
