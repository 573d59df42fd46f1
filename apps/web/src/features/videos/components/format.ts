/** A duration in seconds as `h:mm:ss` or `m:ss`; `0:00` when there is none. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A date in the pt-BR long format the spec asks for ("6 de maio de 2025"); empty when it cannot be read. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

const urlPattern = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** Splits text into plain parts and http(s) links, so links can be rendered clickable and the rest as text. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  return text
    .split(urlPattern)
    .filter(Boolean)
    .map((part) => (/^https?:\/\//.test(part) ? { text: part, href: part } : { text: part }));
}

/** The privacy-enhanced YouTube embed address of a video. */
export function embedUrl(videoId: string, params: Record<string, string> = {}): string {
  const search = new URLSearchParams({ rel: '0', ...params }).toString();
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${search}`;
}
