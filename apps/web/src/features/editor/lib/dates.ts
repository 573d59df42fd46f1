/** A date and time in the reader's language, short. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/** An ISO time as the value of `<input type="datetime-local">` (local time, minutes). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The value of `<input type="datetime-local">` as an ISO time; empty stays empty. */
export function fromLocalInput(value: string): string {
  return value ? new Date(value).toISOString() : '';
}
