import { sectionLabels } from '@papo/contract/page-sections';
import { bubble, cardSvg } from '../../../lib/share-card.js';
import { cycled, escapeXml, seededRandom } from './random.js';

/*
 * Small pictures Papo draws for its local data: video thumbnails for the curated open movies, coin
 * logos for the demo prices, and album covers for the synthesised tracks.
 */

const palettes: [string, string][] = [
  ['#f59e0b', '#7c3aed'],
  ['#06b6d4', '#1e3a8a'],
  ['#ef4444', '#7f1d1d'],
  ['#22c55e', '#14532d'],
  ['#ec4899', '#581c87'],
  ['#eab308', '#c2410c'],
  ['#14b8a6', '#1e40af'],
  ['#a855f7', '#0f172a'],
  ['#f97316', '#be123c'],
  ['#84cc16', '#0e7490'],
];

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

const gradient = (a: string, b: string) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;

/** A 480×270 title card with a play sign, for a curated video. */
export function videoThumbnailSvg(id: string, title: string): string {
  const [a, b] = cycled(palettes, hash(id));
  const random = seededRandom(hash(id));
  const circles = Array.from(
    { length: 6 },
    () =>
      `<circle cx="${(random() * 480).toFixed(0)}" cy="${(random() * 270).toFixed(0)}" r="${(20 + random() * 90).toFixed(0)}" fill="#fff" opacity="0.08"/>`,
  ).join('');
  const size = title.length > 22 ? 24 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270">${gradient(a, b)}<rect width="480" height="270" fill="url(#g)"/>${circles}<circle cx="240" cy="115" r="42" fill="#000" opacity="0.35"/><polygon points="226,93 226,137 262,115" fill="#fff"/><text x="240" y="220" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(title)}</text></svg>`;
}

/** A 128×128 round logo with the coin's symbol. */
export function coinSvg(symbol: string): string {
  const [a, b] = cycled(palettes, hash(symbol));
  const text = symbol.toUpperCase().slice(0, 4);
  const size = text.length > 3 ? 30 : 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128">${gradient(a, b)}<circle cx="64" cy="64" r="62" fill="url(#g)"/><circle cx="64" cy="64" r="50" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/><text x="64" y="${64 + size / 3}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(text)}</text></svg>`;
}

/** A 512×512 abstract album cover (rings and waves) for track `n`. */
export function coverSvg(n: number): string {
  const [a, b] = cycled(palettes, n);
  const random = seededRandom(n * 104729 + 3);
  const rings = Array.from(
    { length: 5 + (n % 4) },
    (_, i) =>
      `<circle cx="${(128 + random() * 256).toFixed(0)}" cy="${(128 + random() * 256).toFixed(0)}" r="${(30 + i * 28).toFixed(0)}" fill="none" stroke="#fff" stroke-width="${(2 + random() * 8).toFixed(1)}" opacity="${(0.15 + random() * 0.4).toFixed(2)}"/>`,
  ).join('');
  const wave = Array.from(
    { length: 33 },
    (_, i) => `${i * 16},${(400 + Math.sin(i / (2 + (n % 5)) + n) * 40).toFixed(0)}`,
  ).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">${gradient(a, b)}<rect width="512" height="512" fill="url(#g)"/>${rings}<polyline points="${wave}" fill="none" stroke="#fff" stroke-width="6" opacity="0.6"/></svg>`;
}

/** The drawn share cards: a page with no picture of its own is shared with its section's card. */
const siteCard = 'Bate-papo ao vivo em português';
export const shareCards: Readonly<Record<string, string>> = { site: siteCard, ...sectionLabels };

/** A 1200×630 card (Open Graph's large image) with the logo and the section's name, fitted whole. */
export function shareCardSvg(card: string): string {
  return cardSvg({ label: 'Papo', title: shareCards[card] ?? siteCard });
}

/** The 512×512 logo (Organization.logo): the speech bubble on the brand's green. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" rx="96" fill="#047857"/><g transform="translate(56 56) scale(4)">${bubble}</g></svg>`;
}
