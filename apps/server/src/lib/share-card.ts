import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { escapeHtml, htmlToText } from './html.js';
import { httpError } from './http-error.js';

/*
 * The share cards (Open Graph's large image, 1200×630) of pages without a picture of their own: the site, a lyric,
 * a store, a video. Text is fitted into its box — wrapped at spaces and drawn smaller until every line fits — and is
 * never cut: a messenger shows the card whole, so a cut title would be a visible defect on every share.
 */

export const cardSize = { width: 1200, height: 630 } as const;

const font = 'DejaVu Sans, sans-serif';
const margin = 80;

/*
 * Advance widths of DejaVu Sans Bold in ems, by kind of character, rounded up: the text is measured without a
 * renderer, so an estimate that errs wide keeps every line inside its box.
 */
const narrow = new Set([...'iljIíìï.,:;!|\'"`()[]']);
const slim = new Set([...'frtJ-/ '].concat(['1']));
const wide = new Set([...'mwMWæœ@%']);

function charWidth(char: string): number {
  if (narrow.has(char)) return 0.4;
  if (slim.has(char)) return 0.52;
  if (wide.has(char)) return 1.12;
  if (char !== char.toLowerCase()) return 0.84;
  return 0.72;
}

/** How wide `text` draws at `size` pixels, in pixels (an upper estimate). */
export function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const char of text) ems += charWidth(char);
  return ems * size;
}

/** `text`'s words in lines no wider than `width` at `size`; null when one word alone is wider. */
function wrap(text: string, width: number, size: number): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (textWidth(word, size) > width) return null;
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedText {
  size: number;
  lines: string[];
}

const lineHeight = 1.22;

/**
 * The largest size from `maxSize` down (in steps of 2, never below 10) at which `text`, wrapped, fits `width` and
 * `height` with at most `maxLines` lines; below `minSize` the line limit is lifted, so any text fits whole.
 */
export function fitText(
  text: string,
  box: { width: number; height: number; maxSize: number; minSize: number; maxLines: number },
): FittedText {
  const clean = text.replace(/\s+/g, ' ').trim();
  for (let size = box.maxSize; size >= 10; size -= 2) {
    const lines = wrap(clean, box.width, size);
    if (!lines) continue;
    const lineLimit = size >= box.minSize ? box.maxLines : Number.POSITIVE_INFINITY;
    if (lines.length <= lineLimit && lines.length * size * lineHeight <= box.height) return { size, lines };
  }
  // only a word wider than the card at 10 px gets here; it is drawn shrunk to the box's width instead.
  return { size: Math.max(4, Math.floor(box.width / textWidth(clean, 1))), lines: [clean] };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The site's own green, the cards' default. */
const brandGreens: [string, string] = ['#047857', '#064e3b'];
const palettes: readonly [string, string][] = [
  brandGreens,
  ['#0f766e', '#134e4a'],
  ['#1d4ed8', '#1e3a8a'],
  ['#7c3aed', '#4c1d95'],
  ['#be123c', '#881337'],
  ['#c2410c', '#7c2d12'],
];

/** The speech bubble of the logo, in a 100×100 box. */
export const bubble =
  '<path d="M14 18h72a8 8 0 0 1 8 8v40a8 8 0 0 1-8 8H42l-18 16V74H14a8 8 0 0 1-8-8V26a8 8 0 0 1 8-8z" fill="#fff"/><circle cx="32" cy="46" r="6" fill="#047857"/><circle cx="50" cy="46" r="6" fill="#047857"/><circle cx="68" cy="46" r="6" fill="#047857"/>';

function textLines(fitted: FittedText, x: number, top: number, attributes: string): string {
  const step = fitted.size * lineHeight;
  return fitted.lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${(top + fitted.size + i * step).toFixed(0)}" font-family="${font}" font-size="${fitted.size}" ${attributes}>${escapeHtml(line)}</text>`,
    )
    .join('');
}

export interface CardContent {
  /** The section's name, over the title ("Letras", "Lojas"…). */
  label: string;
  title: string;
  /** Lines shown under the title (a song's first lines), each kept whole. */
  lines?: readonly string[];
  /** A paragraph under the title (a page's description), wrapped and fitted whole like the title. */
  text?: string;
  /** The green of the site's own cards unless a palette is picked from the title. */
  tinted?: boolean;
}

/** A 1200×630 card: the logo and the section's name, the title fitted below it, then the lines that fit whole. */
export function cardSvg(content: CardContent): string {
  const { width, height } = cardSize;
  const [a, b] = content.tinted ? (palettes[hash(content.title) % palettes.length] ?? brandGreens) : brandGreens;
  const random = (() => {
    let state = hash(content.title + content.label);
    return () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 4_294_967_296;
    };
  })();
  const circles = Array.from(
    { length: 7 },
    () =>
      `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height).toFixed(0)}" r="${(60 + random() * 220).toFixed(0)}" fill="#fff" opacity="0.06"/>`,
  ).join('');
  const inner = width - 2 * margin;
  const label = fitText(content.label, { width: inner - 110, height: 60, maxSize: 40, minSize: 24, maxLines: 1 });
  const lines = (content.lines ?? []).map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const text = content.text?.replace(/\s+/g, ' ').trim() ?? '';
  const titleTop = 200;
  const bottom = height - 60;
  const under = lines.length > 0 || text.length > 0;
  const title = fitText(content.title, {
    width: inner,
    height: under ? 230 : bottom - titleTop,
    maxSize: under && text ? 72 : 80,
    minSize: 40,
    maxLines: under ? 2 : 4,
  });
  const titleHeight = title.lines.length * title.size * lineHeight;
  let verse = '';
  if (text) {
    const top = titleTop + titleHeight + 24;
    const fitted = fitText(text, { width: inner, height: bottom - top, maxSize: 40, minSize: 26, maxLines: 5 });
    verse = textLines(fitted, margin, top, 'fill="#fff" fill-opacity="0.88"');
  }
  if (lines.length > 0 && !text) {
    const top = titleTop + titleHeight + 24;
    // a song's lines are kept whole and in order: as many as fit, each on one line of its own.
    const size = Math.min(...lines.map((line) => Math.min(40, Math.floor(inner / textWidth(line, 1)))), 40);
    const shown = size >= 22 ? lines.slice(0, Math.max(0, Math.floor((bottom - top) / (size * lineHeight)))) : [];
    verse = textLines({ size, lines: shown }, margin, top, 'fill="#fff" fill-opacity="0.85" font-style="italic"');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${circles}<g transform="translate(${margin} 64) scale(0.9)">${bubble}</g>${textLines(label, margin + 110, 84 + (60 - label.size * lineHeight) / 2, 'font-weight="700" fill="#fff" fill-opacity="0.9"')}${textLines(title, margin, titleTop, 'font-weight="700" fill="#fff"')}${verse}</svg>`;
}

/*
 * Drawn cards, by a digest of their SVG: what a card shows is all in its SVG, so an edited title or lyric draws a
 * new card and an unchanged one is drawn once (memoised pure work, bounded).
 */
const drawn = new LRUCache<string, Promise<Buffer>>({ max: 300 });

interface DrawnCard {
  png: Buffer;
  /** A strong ETag: the digest of what the card shows. */
  etag: string;
}

async function drawCard(svg: string): Promise<DrawnCard> {
  const digest = createHash('sha1').update(svg).digest('base64url');
  let png = drawn.get(digest);
  if (!png) {
    png = sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
    drawn.set(digest, png);
    png.catch(() => drawn.delete(digest));
  }
  return { png: await png, etag: `"${digest}"` };
}

/** A feature's cards: what the card of its page `slug` shows, or null when there is no such public page. */
export type CardSource = (slug: string) => Promise<CardContent | null>;

/** The page whose card is `pages/404.png`: a dotted address, which is always the 404 page (decision 039). */
const missingPage = '/404.html';

/** A meta tag's content in a server-rendered page (`property` or `name`), its entities decoded; '' when absent. */
function metaContent(html: string, key: string): string {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1] ? htmlToText(tag[1]) : '';
}

/**
 * The cards of the site's own pages (home, `/irc`, `/sobre-nos`, the 404 page…: any page of one segment without a
 * picture of its own), `pages/{name}.png` (`home` for `/`, `404` for the 404 page): the site's name over the page's
 * own title and description, read from the page as the server renders it, so the card says what the page says in
 * every language and after every rename.
 */
export function pageCards(app: FastifyInstance): CardSource {
  return async (name) => {
    if (!/^[a-z0-9-]+$/.test(name)) return null;
    const path = name === 'home' ? '/' : name === '404' ? missingPage : `/${name}`;
    const page = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    if (
      page.statusCode !== (name === '404' ? 404 : 200) ||
      !String(page.headers['content-type']).startsWith('text/html')
    )
      return null;
    const title = metaContent(page.body, 'og:title');
    if (!title) return null;
    return {
      label: metaContent(page.body, 'og:site_name') || title,
      title,
      text: metaContent(page.body, 'og:description'),
    };
  };
}

/**
 * `GET /media/share/{section}/{slug}.png`: a page's own 1200×630 card (its title, a song's first lines), drawn from
 * what the page shows now and answered with its digest as ETag. Each feature names its section's cards
 * (`lyrics`, `stores`, `videos`).
 */
export const shareCardRoutes: FastifyPluginAsync<{ sources: Readonly<Record<string, CardSource>> }> = async (
  app,
  { sources },
) => {
  app.get<{ Params: { section: string; file: string } }>('/media/share/:section/:file', async (request, reply) => {
    const { section, file } = request.params;
    const slug = /^(.+)\.png$/.exec(file)?.[1];
    const source = Object.hasOwn(sources, section) ? sources[section] : undefined;
    const content = slug && source ? await source(slug) : null;
    if (!content) throw httpError(404, 'not_found');
    const card = await drawCard(cardSvg(content));
    reply
      .header('etag', card.etag)
      // revalidated, not kept for a day: the card follows an edited title, and a 304 costs no drawing.
      .header('cache-control', 'public, no-cache')
      // drawn for link previews: other sites and messengers show it (the site's default is same-origin).
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === card.etag) return reply.code(304).send();
    return reply.header('content-type', 'image/png').send(card.png);
  });
};
