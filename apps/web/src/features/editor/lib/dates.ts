/** A date and time in the reader's language, short. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/** An ISO time as a local time to the minute, `YYYY-MM-DDTHH:mm` (the schedule field's value). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A local time `YYYY-MM-DDTHH:mm` as an ISO time; empty stays empty. */
export function fromLocalInput(value: string): string {
  return value ? new Date(value).toISOString() : '';
}
