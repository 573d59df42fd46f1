import { drawing } from '../../uploads/index.js';
import { escapeHtml } from '../../../lib/html.js';

/** The recommended cover size (public-site §9), also the Open Graph card size. */
export const coverSize = { width: 1200, height: 630 } as const;

/** A small deterministic generator, so the same demo article always gets the same picture. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Breaks a title into lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/**
 * A cover drawn by sharp from SVG: a two-tone gradient in the category's hue, soft circles and waves,
 * and the title in large type. WebP, 1200×630.
 */
export async function drawCover(title: string, hue: number, seed: number): Promise<Buffer> {
  const next = random(seed);
  const { width, height } = coverSize;
  const circles = Array.from({ length: 7 }, () => {
    const r = 60 + next() * 220;
    return `<circle cx="${(next() * width).toFixed(0)}" cy="${(next() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="hsl(${(hue + next() * 60 - 30).toFixed(0)}, 70%, ${(55 + next() * 25).toFixed(0)}%)" fill-opacity="${(0.15 + next() * 0.25).toFixed(2)}"/>`;
  }).join('');
  const wave = (y: number, amplitude: number, opacity: number) =>
    `<path d="M0 ${y} C ${width * 0.25} ${y - amplitude}, ${width * 0.5} ${y + amplitude}, ${width} ${y - amplitude / 2} L ${width} ${height} L 0 ${height} Z" fill="#ffffff" fill-opacity="${opacity}"/>`;
  const lines = wrap(title, 22);
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${200 + i * 80}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="62" font-weight="700" fill="#ffffff">${escapeHtml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 65%, 32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 70%, 48%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}
    ${wave(height - 150, 60, 0.12)}${wave(height - 90, 40, 0.18)}
    <rect x="80" y="110" width="90" height="8" rx="4" fill="#ffffff" fill-opacity="0.85"/>${text}
  </svg>`;
  return drawing(svg, { format: 'webp', quality: 80 });
}
