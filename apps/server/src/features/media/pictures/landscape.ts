import { cycled, seededRandom } from './random.js';

/*
 * Papo's own "photos" (spec §2.4 Photos; decision 013: nothing copyrighted): landscapes drawn as SVG from
 * a seed and a palette — a sky, a sun or moon, ridges of hills, sometimes water, stars or pines.
 */

interface Scene {
  sky: [string, string];
  light: string;
  ridges: string[];
  water?: string;
  stars?: boolean;
  pines?: boolean;
  lightHeight: number;
}

/** Twelve scenes; the web app holds their alt texts and captions in every language. */
export const scenes: readonly Scene[] = [
  {
    sky: ['#fde68a', '#f97316'],
    light: '#fff7ed',
    ridges: ['#c2410c', '#9a3412', '#7c2d12'],
    water: '#fb923c',
    lightHeight: 0.55,
  },
  { sky: ['#bae6fd', '#e0f2fe'], light: '#fef9c3', ridges: ['#94a3b8', '#64748b', '#334155'], lightHeight: 0.25 },
  {
    sky: ['#0f172a', '#1e3a8a'],
    light: '#f8fafc',
    ridges: ['#1e293b', '#0f172a'],
    water: '#1e40af',
    stars: true,
    lightHeight: 0.2,
  },
  { sky: ['#a7f3d0', '#fef3c7'], light: '#fde047', ridges: ['#65a30d', '#4d7c0f', '#365314'], lightHeight: 0.2 },
  {
    sky: ['#fbcfe8', '#c4b5fd'],
    light: '#fff1f2',
    ridges: ['#a78bfa', '#7c3aed', '#4c1d95'],
    pines: true,
    lightHeight: 0.4,
  },
  {
    sky: ['#e0f2fe', '#7dd3fc'],
    light: '#ffffff',
    ridges: ['#e2e8f0', '#cbd5e1', '#94a3b8'],
    pines: true,
    lightHeight: 0.18,
  },
  { sky: ['#fef08a', '#fca5a5'], light: '#fefce8', ridges: ['#b45309', '#92400e'], water: '#0ea5e9', lightHeight: 0.6 },
  {
    sky: ['#111827', '#4c1d95'],
    light: '#fde68a',
    ridges: ['#312e81', '#1e1b4b'],
    stars: true,
    pines: true,
    lightHeight: 0.3,
  },
  {
    sky: ['#ccfbf1', '#99f6e4'],
    light: '#f0fdfa',
    ridges: ['#14b8a6', '#0f766e', '#134e4a'],
    water: '#2dd4bf',
    lightHeight: 0.3,
  },
  { sky: ['#fed7aa', '#fecaca'], light: '#fff7ed', ridges: ['#d97706', '#b45309', '#78350f'], lightHeight: 0.45 },
  {
    sky: ['#dbeafe', '#93c5fd'],
    light: '#fefce8',
    ridges: ['#16a34a', '#15803d', '#14532d'],
    water: '#3b82f6',
    pines: true,
    lightHeight: 0.22,
  },
  { sky: ['#1f2937', '#be123c'], light: '#fecdd3', ridges: ['#881337', '#4c0519'], stars: true, lightHeight: 0.5 },
];

function ridge(random: () => number, width: number, height: number, base: number, roughness: number): string {
  const points: string[] = [`0,${height}`];
  let y = base;
  for (let x = 0; x <= width; x += width / 24) {
    y = Math.min(height, Math.max(height * 0.2, y + (random() - 0.5) * roughness));
    points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
  }
  points.push(`${width},${height}`);
  return points.join(' ');
}

/** The SVG of scene `index` (0–11) at `width`×`height`. */
export function landscapeSvg(index: number, width: number, height: number): string {
  const scene = cycled(scenes, index);
  const random = seededRandom(index * 7919 + 17);
  const horizon = scene.water ? height * 0.72 : height;
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  ];
  if (scene.stars) {
    for (let i = 0; i < 80; i++) {
      parts.push(
        `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height * 0.5).toFixed(0)}" r="${(random() * 1.8 + 0.4).toFixed(1)}" fill="#fff" opacity="${(0.4 + random() * 0.6).toFixed(2)}"/>`,
      );
    }
  }
  const lightX = width * (0.2 + random() * 0.6);
  const lightY = height * scene.lightHeight;
  parts.push(
    `<circle cx="${lightX.toFixed(0)}" cy="${lightY.toFixed(0)}" r="${(height * 0.09).toFixed(0)}" fill="${scene.light}" opacity="0.95"/>`,
  );
  scene.ridges.forEach((colour, i) => {
    const base = horizon * (0.45 + i * 0.15);
    parts.push(`<polygon points="${ridge(random, width, horizon, base, height * 0.08)}" fill="${colour}"/>`);
  });
  const pineColour = scene.ridges.at(-1);
  if (scene.pines && pineColour) {
    for (let i = 0; i < 14; i++) {
      const x = random() * width;
      const h = height * (0.08 + random() * 0.1);
      const bottom = horizon - random() * height * 0.04;
      parts.push(
        `<polygon points="${x.toFixed(0)},${(bottom - h).toFixed(0)} ${(x - h / 3).toFixed(0)},${bottom.toFixed(0)} ${(x + h / 3).toFixed(0)},${bottom.toFixed(0)}" fill="${pineColour}" opacity="0.9"/>`,
      );
    }
  }
  if (scene.water) {
    parts.push(
      `<rect y="${horizon.toFixed(0)}" width="${width}" height="${(height - horizon).toFixed(0)}" fill="${scene.water}"/>`,
    );
    for (let i = 0; i < 12; i++) {
      const y = horizon + (i + 1) * ((height - horizon) / 13);
      const w = width * 0.05 * (1 + i * 0.3);
      parts.push(
        `<rect x="${(lightX - w / 2).toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="3" fill="${scene.light}" opacity="${(0.7 - i * 0.05).toFixed(2)}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
