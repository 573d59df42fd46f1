/** A `YYYY-MM-DD` birthday as day/month/year (`1990-07-04` → `04/07/1990`), read as a calendar day, never shifted by time zone. */
export function formatBirthday(birthday: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : birthday;
}

/** A timestamp as a long date in the interface language (`21 de novembro de 2026`). */
export function formatLongDate(timestamp: string, language: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

/** A whole number with the interface language's digit grouping (`12 500`, `12,500`). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** Today's date as `YYYY-MM-DD` in local time: the latest day a date input should offer. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
