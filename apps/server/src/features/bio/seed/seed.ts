import { bioYears, type BioInput, type BioLayout } from '@papo/contract/bio';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { drawing, storeUpload, type UploadStorage } from '../../uploads/index.js';
import { escapeHtml } from '../../../lib/html.js';
import { bioPhotoFolder, createBio } from '../service.js';
import { demoEvents } from './people-and-events.js';
import { demoYears } from './years.js';

export interface BioSeedDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  uploads: UploadStorage;
}

/** A 600×600 picture drawn by sharp: a gradient in `hue`, soft rings and the caption in large type. */
async function drawPhoto(caption: string, hue: number, tall: boolean): Promise<Buffer> {
  const width = 600;
  const height = tall ? 800 : 600;
  const rings = [0.9, 0.65, 0.4]
    .map(
      (r, i) =>
        `<circle cx="${width * 0.7}" cy="${height * 0.35}" r="${(width * r) / 2}" fill="none" stroke="#ffffff" stroke-opacity="${0.12 + i * 0.08}" stroke-width="${18 - i * 4}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 60%, 30%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360}, 65%, 52%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${rings}
    <text x="40" y="${height - 60}" font-family="DejaVu Sans, sans-serif" font-size="${caption.length > 12 ? 44 : 64}" font-weight="700" fill="#ffffff">${escapeHtml(caption)}</text>
  </svg>`;
  return drawing(svg, { format: 'webp', quality: 80 });
}

async function photo(deps: BioSeedDeps, caption: string, hue: number, layout: BioLayout): Promise<string> {
  return storeUpload(deps.uploads, bioPhotoFolder, await drawPhoto(caption, hue, layout === 'layout-3'), 'webp');
}

const yearLayouts: readonly BioLayout[] = ['layout-2', 'layout-1', 'layout-2', 'layout-3'];

/**
 * The demo biography (decision 017): twelve events and people, then a section for every year 1974–2025,
 * every third year with a drawn photo. Runs only when there is no bio entry yet.
 */
export async function seedBio(deps: BioSeedDeps): Promise<number> {
  if (await deps.db.selectFrom('bio_entries').select('id').limit(1).executeTakeFirst()) return 0;
  const service = { db: deps.db, dialect: deps.dialect };
  let written = 0;
  for (const event of demoEvents) {
    const entry: BioInput = {
      kind: 'event',
      tag: event.tag,
      tags: event.tags,
      layout: event.layout,
      photoPath: await photo(deps, event.tag, event.hue, event.layout),
      description: `Ilustração: ${event.tag}`,
      paragraphs: event.paragraphs,
    };
    await createBio(service, entry);
    written += 1;
  }
  for (let year = bioYears.first; year <= bioYears.last; year += 1) {
    const { text, tags } = demoYears[year] ?? { text: [`${year}.`], tags: [] };
    const withPhoto = year % 3 === 0;
    const layout = withPhoto ? (yearLayouts[(year / 3) % yearLayouts.length] ?? 'layout-2') : 'layout-2';
    await createBio(service, {
      kind: 'year',
      tag: String(year),
      tags,
      layout,
      photoPath: withPhoto ? await photo(deps, String(year), (year * 37) % 360, layout) : null,
      description: withPhoto ? `Ilustração do ano de ${year}` : '',
      paragraphs: text,
    });
    written += 1;
  }
  return written;
}
