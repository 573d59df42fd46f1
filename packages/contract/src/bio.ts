import { z } from 'zod';
import type { RevisionStamp } from './editor.js';
import { idParam, revisionNotFound } from './ids.js';
import { plainText } from './text.js';
import { apiRoute, multipartBody, rawAnswer } from './api-route.js';
import { recordRevisionListAnswer, revisionStampAnswer } from './record-revisions.js';

/** The biography (public-site §2.4 Bio, §2.6 Bio editor, §3 Bio, §5, §7, §9; decision 017). */

import { bioYearList, bioYears } from './bio-years.js';

export { bioYearList, bioYears };
/** A year shows itself and up to three following years. */
export const bioWindowSize = 4;
export const bioLayouts = ['layout-1', 'layout-2', 'layout-3'] as const;
export type BioLayout = (typeof bioLayouts)[number];
/** `year` entries are tagged 1974–2025; `event` entries are events and people. */
export const bioKinds = ['year', 'event'] as const;
export type BioKind = (typeof bioKinds)[number];
export const bioLimits = { tag: 80, tags: 30, paragraphs: 50, paragraph: 5000, description: 255 } as const;
/** Recommended photo size (§9). */
export const bioPhotoSize = { width: 600, height: 600 } as const;

/** Upload keys as the server's uploads module writes them; the client shows `/uploads/{photoPath}`. */
const uploadKeyPattern = /^[a-z]+\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** One bio entry as the public and the editor read it. */
export interface BioSection {
  id: number;
  kind: BioKind;
  tag: string;
  tags: string[];
  layout: BioLayout;
  /** Upload key, or null without a photo. */
  photoPath: string | null;
  description: string;
  paragraphs: string[];
}

/** An entry as the staff editor reads it (`GET /api/bio`): with its version, sent back as `If-Match` (decision 028). */
export type BioStaffSection = BioSection & RevisionStamp;

/** A person or event of the biography, as the bio page lists them: its page is `/person/{id}`. */
export interface BioPerson {
  id: number;
  tag: string;
  /** Its text's first paragraph: what it is, in its own words. */
  summary: string;
}

/**
 * `GET /api/pages/bio?center=` and `?tag=`: the year asked for (or holding the tag), the sections shown, and every
 * person and event of the biography (each with a page of its own).
 */
export interface BioPage {
  center: number;
  sections: BioSection[];
  people: BioPerson[];
}

export interface BioSectionsResponse {
  sections: BioSection[];
}

/** A search hit: the section, one passage of its text, and where the query's words are in it. */
export interface BioSearchHit extends BioSection {
  excerpt: string;
  /** `[start, end)` character ranges of `excerpt` to highlight. */
  marks: [number, number][];
  /** The same for the tag (the result's title). */
  tagMarks: [number, number][];
}

export interface BioSearchResponse {
  sections: BioSearchHit[];
}

/** `GET /api/bio/{id}` (the cover editor, and the entry editor after a conflict): the whole entry and its version. */
export type BioCoverInfo = BioStaffSection;

const year = z.coerce
  .number({ error: 'bio_year_out_of_range' })
  .int('bio_year_out_of_range')
  .min(bioYears.first, 'bio_year_out_of_range')
  .max(bioYears.last, 'bio_year_out_of_range');

/** `?center=YEAR` (default the first year) or `?tag=NAME` (the first year whose tags hold it). */
export const bioPageQuery = z.object({
  center: year.optional(),
  tag: plainText('bio_tag_required')
    .trim()
    .min(1, 'bio_tag_required')
    .max(bioLimits.tag, 'bio_tag_too_long')
    .optional(),
});

export const bioSearchQuery = z.object({
  q: plainText('search_query_required').trim().min(1, 'search_query_required').max(100, 'search_query_too_long'),
});

export const bioNameQuery = z.object({
  name: plainText('bio_tag_required').trim().min(1, 'bio_tag_required').max(bioLimits.tag, 'bio_tag_too_long'),
});

export const bioFilterQuery = z.object({
  filter: z.enum(['events', 'years'], { error: 'invalid_filter' }).default('years'),
});

export const bioIdParams = z.object({ id: idParam('bio_not_found') });
const bioRevisionParams = bioIdParams.extend({ revision: idParam() });

const tagText = plainText('bio_tag_required').trim().min(1, 'bio_tag_required').max(bioLimits.tag, 'bio_tag_too_long');

/** The body of `POST /api/bio` and `PUT /api/bio/{id}`. */
export const bioInput = z
  .object({
    kind: z.enum(bioKinds, { error: 'bio_kind_unknown' }),
    tag: tagText,
    tags: z.array(tagText, { error: 'bio_tags_invalid' }).max(bioLimits.tags, 'bio_too_many_tags').default([]),
    layout: z.enum(bioLayouts, { error: 'bio_layout_unknown' }),
    photoPath: z
      .string({ error: 'bio_photo_invalid' })
      .trim()
      .regex(uploadKeyPattern, 'bio_photo_invalid')
      .nullable()
      .or(z.literal('').transform(() => null))
      .default(null),
    description: plainText('description_too_long').max(bioLimits.description, 'description_too_long').default(''),
    paragraphs: z
      .array(
        plainText('bio_paragraph_required', { multiline: true })
          .trim()
          .min(1, 'bio_paragraph_required')
          .max(bioLimits.paragraph, 'bio_paragraph_too_long'),
        {
          error: 'bio_paragraphs_required',
        },
      )
      .min(1, 'bio_paragraphs_required')
      .max(bioLimits.paragraphs, 'bio_too_many_paragraphs'),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== 'year') return;
    const n = Number(value.tag);
    if (!/^\d{4}$/.test(value.tag) || n < bioYears.first || n > bioYears.last) {
      ctx.addIssue({ code: 'custom', path: ['tag'], message: 'bio_year_out_of_range' });
    }
  });
export type BioInput = z.output<typeof bioInput>;

/** `POST /api/uploadBioCover` fields besides the file. */
export const bioCoverFields = z.object({
  bio_id: idParam('bio_not_found'),
  description: plainText().max(bioLimits.description, 'description_too_long').default(''),
});

/**
 * `GET /api/bio/{id}/revisions/{revision}` (staff): one kept version of an entry as its history shows it ("Ver"): its
 * fields then, who saved them and when.
 */
export type BioRevisionView = BioInput & { id: number; authorName: string | null; createdAt: string };

/** A save's answer: the entry's new version (also its ETag), for the editor's next `If-Match`. */
export interface BioSaved {
  id: number;
  revision: number;
}

export interface BioCoverSaved {
  message: 'bio_cover_saved';
  photoPath: string | null;
  revision: number;
}

/*
 * The answers of the public reads, checked against the interfaces above: a field an interface has and its schema
 * lacks fails the typecheck.
 */
const bioSectionAnswer = z.object({
  id: z.number(),
  kind: z.enum(bioKinds),
  tag: z.string(),
  tags: z.array(z.string()),
  layout: z.enum(bioLayouts),
  photoPath: z.string().nullable(),
  description: z.string(),
  paragraphs: z.array(z.string()),
}) satisfies z.ZodType<BioSection>;

const bioPageAnswer = z.object({
  center: z.number(),
  sections: z.array(bioSectionAnswer),
  people: z.array(z.object({ id: z.number(), tag: z.string(), summary: z.string() })),
}) satisfies z.ZodType<BioPage>;

const bioSectionsAnswer = z.object({ sections: z.array(bioSectionAnswer) }) satisfies z.ZodType<BioSectionsResponse>;

const marks = z.array(z.tuple([z.number(), z.number()]));
const bioSearchAnswer = z.object({
  sections: z.array(bioSectionAnswer.extend({ excerpt: z.string(), marks, tagMarks: marks })),
}) satisfies z.ZodType<BioSearchResponse>;

/** The biography's public reads: the year window, the search with highlights, a tag's card and a person's card. */
export const publicBioRoutes = {
  page: apiRoute({ method: 'GET', path: '/api/pages/bio', query: bioPageQuery, answer: bioPageAnswer, auth: 'public' }),
  search: apiRoute({
    method: 'GET',
    path: '/api/searchBioInput',
    query: bioSearchQuery,
    answer: bioSearchAnswer,
    auth: 'public',
  }),
  tag: apiRoute({
    method: 'GET',
    path: '/api/searchBio',
    query: bioNameQuery,
    answer: bioSectionsAnswer,
    auth: 'public',
  }),
  person: apiRoute({
    method: 'GET',
    path: '/api/person/:id',
    params: bioIdParams,
    answer: bioSectionsAnswer,
    auth: 'public',
  }),
};

const bioStaffSectionAnswer = bioSectionAnswer.extend(revisionStampAnswer.shape) satisfies z.ZodType<BioStaffSection>;

const bioRevisionAnswer = bioSectionAnswer.extend({
  authorName: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<BioRevisionView>;

const bioSavedAnswer = z.object({ id: z.number(), revision: z.number() }) satisfies z.ZodType<BioSaved>;

const bioCoverSavedAnswer = z.object({
  message: z.literal('bio_cover_saved'),
  photoPath: z.string().nullable(),
  revision: z.number(),
}) satisfies z.ZodType<BioCoverSaved>;

/**
 * The bio editor, staff only whatever the client shows. What it reads carries the entry's version (also the ETag);
 * each save sends it back as `If-Match` (412 `edit_conflict` when stale; none saves unconditionally). A revision that
 * is no id, or not one of the entry's, is 404 `revision_not_found`. The cover is a multipart form of `bioCoverFields`
 * and an optional `file`.
 */
export const staffBioRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/bio',
    query: bioFilterQuery,
    answer: z.array(bioStaffSectionAnswer),
    auth: 'staff',
  }),
  entry: apiRoute({
    method: 'GET',
    path: '/api/bio/:id',
    params: bioIdParams,
    answer: bioStaffSectionAnswer,
    auth: 'staff',
  }),
  revisions: apiRoute({
    method: 'GET',
    path: '/api/bio/:id/revisions',
    params: bioIdParams,
    answer: recordRevisionListAnswer,
    auth: 'staff',
  }),
  revision: apiRoute({
    method: 'GET',
    path: '/api/bio/:id/revisions/:revision',
    params: bioRevisionParams,
    paramsError: { revision: revisionNotFound },
    answer: bioRevisionAnswer,
    auth: 'staff',
  }),
  restore: apiRoute({
    method: 'POST',
    path: '/api/bio/:id/revisions/:revision/restore',
    params: bioRevisionParams,
    paramsError: { revision: revisionNotFound },
    answer: bioStaffSectionAnswer,
    auth: 'staff',
  }),
  create: apiRoute({
    method: 'POST',
    path: '/api/bio',
    body: bioInput,
    answer: bioSavedAnswer,
    status: 201,
    auth: 'staff',
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/api/bio/:id',
    params: bioIdParams,
    body: bioInput,
    answer: bioSavedAnswer,
    auth: 'staff',
  }),
  /** 204 without a body. */
  remove: apiRoute({ method: 'DELETE', path: '/api/bio/:id', params: bioIdParams, answer: rawAnswer, auth: 'staff' }),
  cover: apiRoute({
    method: 'POST',
    path: '/api/uploadBioCover',
    body: multipartBody,
    answer: bioCoverSavedAnswer,
    auth: 'staff',
  }),
};
