import { z } from 'zod';
import { plainText } from './text.js';
import { usernamePattern } from './auth.js';
import { apiRoute, multipartBody } from './api-route.js';

/** Profile, its updates and nicknames (members-area §2 Profile screen, §3 User profile and Nickname, §7). */

export const genders = ['male', 'female', 'non_binary', 'genderqueer', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof genders)[number];

export const languages = ['pt', 'en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

export const profileLimits = {
  welcomeMessage: 500,
  /** Longest handle or profile URL accepted before normalising. */
  socialInput: 200,
  nicknamesPerUser: 5,
  pictureBytes: 5 * 1024 * 1024,
  pictureWidth: 800,
  pictureHeight: 400,
  minAge: 13,
  maxAge: 120,
} as const;

/** Multipart field of `POST /api/upload-profile-picture`. */
export const profilePictureField = 'profile_picture';

/** `missingKey` when the field is absent, `invalid_type` when it is not text, `invalid_characters` for control characters. */
const text = (missingKey: string, multiline = false) => plainText(missingKey, { multiline }).trim();

/** One of `values`; a caller may send any text (a choice list is its own), which the enum then checks. */
const choice = <T extends readonly [string, ...string[]]>(values: T, missingKey: string, invalidKey: string) =>
  z.custom<string>().pipe(z.enum(values, { error: (issue) => (issue.input === undefined ? missingKey : invalidKey) }));

export const updateGenderBody = z.object({ gender: choice(genders, 'gender_required', 'invalid_gender') });
export const updateLanguageBody = z.object({ language: choice(languages, 'language_required', 'invalid_language') });

/** Whether `YYYY-MM-DD` names a day that exists (no 2023-02-30). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whole years from a `YYYY-MM-DD` birthday to `today` (UTC calendar day). */
export function ageOn(birthday: string, today: Date = new Date()): number {
  const [year = 0, month = 0, day = 0] = birthday.split('-').map(Number);
  const thisMonth = today.getUTCMonth() + 1;
  const beforeBirthday = thisMonth < month || (thisMonth === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** Why a birthday is refused on `today`, or null when it is acceptable. */
export function birthdayProblem(value: string, today: Date = new Date()): string | null {
  if (!isRealDate(value)) return 'invalid_date';
  if (value >= today.toISOString().slice(0, 10)) return 'birthday_in_future';
  const age = ageOn(value, today);
  if (age < profileLimits.minAge) return 'too_young';
  if (age > profileLimits.maxAge) return 'too_old';
  return null;
}

export const updateBirthdayBody = z.object({
  birthday: text('birthday_required')
    .min(1, { message: 'birthday_required', abort: true })
    .superRefine((value, ctx) => {
      const problem = birthdayProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

// parsed by hand because the contract runs in browsers and Node alike with no DOM or Node types.
const webAddress = /^(?:https?:\/\/)?([^/?#]+)(\/[^?#]*)?(?:[?#].*)?$/i;
const anyScheme = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The path segments of `value` when it is an http(s) address on one of `hosts` (the scheme may be
 * left out); null otherwise. A user part or a port makes the host unknown.
 */
function segmentsOn(value: string, hosts: readonly string[]): string[] | null {
  if (anyScheme.test(value) && !/^https?:\/\//i.test(value)) return null;
  const match = webAddress.exec(value);
  if (!match || !hosts.includes(match[1]!.toLowerCase())) return null;
  return (match[2] ?? '').split('/').filter(Boolean).map(decodeSegment);
}

const looksLikeUrl = (value: string) => value.includes('/') || anyScheme.test(value);

const instagramHosts = ['instagram.com', 'www.instagram.com', 'm.instagram.com'];
const instagramHandle = /^(?!\.)(?!.*\.\.)[a-z0-9._]{1,30}(?<!\.)$/;
// first path segments that are Instagram's own pages, not profiles.
const instagramPages = new Set([
  'p',
  'reel',
  'reels',
  'explore',
  'stories',
  'accounts',
  'tv',
  'direct',
  'about',
  'legal',
]);

/** `@Ana.Silva`, `ana.silva` or `https://www.instagram.com/ana.silva/` → `ana.silva`; anything else → null. */
export function normaliseInstagram(input: string): string | null {
  const value = input.trim();
  let handle: string;
  if (looksLikeUrl(value)) {
    const segments = segmentsOn(value, instagramHosts) ?? [];
    if (segments.length !== 1) return null;
    handle = segments[0]!;
  } else {
    handle = value.startsWith('@') ? value.slice(1) : value;
  }
  handle = handle.toLowerCase();
  return instagramHandle.test(handle) && !instagramPages.has(handle) ? handle : null;
}

const youtubeHosts = ['youtube.com', 'www.youtube.com', 'm.youtube.com'];
const youtubeHandle = /^@[\p{L}\p{N}._-]{3,30}$/u;
const youtubeChannelId = /^UC[A-Za-z0-9_-]{22}$/;
const youtubeLegacyName = /^[A-Za-z0-9._-]{1,100}$/;
// people copy the address of whichever tab they are on; the tab is dropped.
const youtubeTabs = new Set([
  'featured',
  'videos',
  'shorts',
  'streams',
  'playlists',
  'community',
  'about',
  'podcasts',
  'releases',
]);

function youtubePath(segments: string[]): string | null {
  const [first = '', second, tab, ...rest] = segments;
  if (rest.length) return null;
  if (first.startsWith('@')) {
    if (tab !== undefined || (second !== undefined && !youtubeTabs.has(second))) return null;
    return youtubeHandle.test(first) ? first : null;
  }
  if (second === undefined || (tab !== undefined && !youtubeTabs.has(tab))) return null;
  if (first === 'channel') return youtubeChannelId.test(second) ? `channel/${second}` : null;
  if (first === 'c' || first === 'user') return youtubeLegacyName.test(second) ? `${first}/${second}` : null;
  return null;
}

/**
 * `@ana`, `ana`, a bare `UC…` channel id or a channel URL on youtube.com → the channel path
 * (`@ana`, `channel/UC…`, `c/ana`, `user/ana`); videos, other hosts and anything else → null.
 */
export function normaliseYoutube(input: string): string | null {
  const value = input.trim();
  if (looksLikeUrl(value)) {
    const segments = segmentsOn(value, youtubeHosts);
    return segments ? youtubePath(segments) : null;
  }
  if (youtubeChannelId.test(value)) return `channel/${value}`;
  return youtubePath([value.startsWith('@') ? value : `@${value}`]);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Profile address for a stored Instagram handle. */
export const instagramUrl = (handle: string) => `https://www.instagram.com/${handle}/`;
/** Channel address for a stored YouTube channel path. */
export const youtubeUrl = (channelPath: string) => `https://www.youtube.com/${channelPath}`;

const social = (missingKey: string, invalidKey: string, normalise: (input: string) => string | null) =>
  text(missingKey)
    .min(1, { message: missingKey, abort: true })
    .max(profileLimits.socialInput, 'too_long')
    .transform((value, ctx) => {
      const normalised = normalise(value);
      if (normalised === null) {
        ctx.addIssue({ code: 'custom', message: invalidKey });
        return z.NEVER;
      }
      return normalised;
    });

/** A handle (`@ana.silva`, `ana.silva`) or a profile URL on instagram.com; stored as the bare handle. */
export const updateInstagramBody = z.object({
  instagram: social('instagram_required', 'invalid_instagram', normaliseInstagram),
});

/** A handle or a channel URL on youtube.com; stored as the channel path (`@ana`, `channel/UC…`, `c/ana`, `user/ana`). */
export const updateYoutubeBody = z.object({ youtube: social('youtube_required', 'invalid_youtube', normaliseYoutube) });

/** Plain text, trimmed; stored as written (the client escapes it). An empty message clears it. */
export const updateWelcomeMessageBody = z.object({
  welcomeMessage: text('welcome_message_required', true).max(profileLimits.welcomeMessage, 'too_long'),
});

/** Largest id a PostgreSQL `integer` column holds; larger ids cannot exist and must not reach a query. */
const maxId = 2_147_483_647;

/** A row id given as a JSON number or as decimal text (path parameters, form fields). */
export const idSchema = (missingKey: string) =>
  z.unknown().transform((value, ctx) => {
    const id =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value)
          ? Number(value)
          : NaN;
    if (Number.isInteger(id) && id >= 1 && id <= maxId) return id;
    ctx.addIssue({ code: 'custom', message: value === undefined ? missingKey : 'invalid_id' });
    return z.NEVER;
  });

export const addNicknameBody = z.object({
  nickname: text('nickname_required')
    .min(1, { message: 'nickname_required', abort: true })
    .regex(usernamePattern, 'invalid_nickname'),
});
export const selectNicknameBody = z.object({ nicknameId: idSchema('nickname_id_required') });
export const nicknameParams = z.object({ id: idSchema('invalid_id') });

/** A nickname as the spec reads it: `is_selected` in one place, `isSelected` in the list view. */
export const nicknameAnswer = z.object({
  id: z.number(),
  nickname: z.string(),
  is_selected: z.boolean(),
  isSelected: z.boolean(),
});
export type Nickname = z.infer<typeof nicknameAnswer>;

/** A private conversation as listed in the profile (members-area §3 Conversation). */
const profileConversation = z.object({
  id: z.number(),
  name: z.string(),
  user: z.object({ id: z.number(), name: z.string() }),
});
export type ProfileConversation = z.infer<typeof profileConversation>;

/** Answer of `GET /api/userprofile` (members-area §3 User profile). */
const userProfileAnswer = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  gender: z.enum(genders).nullable(),
  coinBalance: z.number(),
  createdAt: z.string(),
  /** `YYYY-MM-DD` or null. */
  birthday: z.string().nullable(),
  nicknames: z.array(nicknameAnswer),
  roles: z.array(z.string()),
  welcomeMessage: z.string(),
  /** Path under `/uploads/` or null. */
  profileImage: z.string().nullable(),
  /** Bare handle; see `instagramUrl`. */
  instagram: z.string().nullable(),
  /** Channel path; see `youtubeUrl`. */
  youtube: z.string().nullable(),
  language: z.string(),
  /** Channel names with a leading '#'. */
  favoriteChannels: z.array(z.string()),
  conversations: z.array(profileConversation),
  /** Up to two capital letters from the name. */
  userInitials: z.string(),
});
export type UserProfile = z.infer<typeof userProfileAnswer>;

/** Answer of `GET /api/nicknames`. */
export const nicknameListAnswer = z.object({ nicknames: z.array(nicknameAnswer) });
export type NicknameList = z.infer<typeof nicknameListAnswer>;

/** NickServ-style nicknames (members-area §7): list, register, drop and select one's own. */
export const nicknameRoutes = {
  list: apiRoute({ method: 'GET', path: '/api/nicknames', answer: nicknameListAnswer, auth: 'member' }),
  add: apiRoute({
    method: 'POST',
    path: '/api/nicknames',
    body: addNicknameBody,
    answer: z.object({ message: z.literal('nickname_added'), nickname: nicknameAnswer }),
    status: 201,
    auth: 'member',
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/nicknames/:id',
    params: nicknameParams,
    answer: z.object({ message: z.literal('nickname_removed'), id: z.number() }),
    auth: 'member',
  }),
  select: apiRoute({
    method: 'POST',
    path: '/api/select-nickname',
    body: selectNicknameBody,
    answer: z.object({ message: z.literal('nickname_selected'), nickname: nicknameAnswer }),
    auth: 'member',
  }),
};

/** Answer of `POST /api/upload-profile-picture`. */
const profilePictureAnswer = z.object({ message: z.literal('profile_picture_updated'), imageUrl: z.string() });
export type ProfilePictureAnswer = z.infer<typeof profilePictureAnswer>;

/** Each profile update answers its message key and the field as stored (handles normalised, text trimmed). */
const updated = <M extends string>(message: M) => ({ message: z.literal(message) });

/** The profile (members-area §3 User profile) and its updates (§7), members only. */
export const profileRoutes = {
  profile: apiRoute({ method: 'GET', path: '/api/userprofile', answer: userProfileAnswer, auth: 'member' }),
  updateGender: apiRoute({
    method: 'POST',
    path: '/api/update-gender',
    body: updateGenderBody,
    answer: z.object({ ...updated('gender_updated'), gender: z.enum(genders) }),
    auth: 'member',
  }),
  updateLanguage: apiRoute({
    method: 'POST',
    path: '/api/update-language',
    body: updateLanguageBody,
    answer: z.object({ ...updated('language_updated'), language: z.enum(languages) }),
    auth: 'member',
  }),
  updateWelcomeMessage: apiRoute({
    method: 'POST',
    path: '/api/update-welcome-message',
    body: updateWelcomeMessageBody,
    answer: z.object({ ...updated('welcome_message_updated'), welcomeMessage: z.string() }),
    auth: 'member',
  }),
  /** Birthday, Instagram and YouTube are set once: a second time is 409 `already_set`. */
  updateBirthday: apiRoute({
    method: 'POST',
    path: '/api/update-birthday',
    body: updateBirthdayBody,
    answer: z.object({ ...updated('birthday_updated'), birthday: z.string() }),
    auth: 'member',
  }),
  updateInstagram: apiRoute({
    method: 'POST',
    path: '/api/update-instagram',
    body: updateInstagramBody,
    answer: z.object({ ...updated('instagram_updated'), instagram: z.string() }),
    auth: 'member',
  }),
  updateYoutube: apiRoute({
    method: 'POST',
    path: '/api/update-youtube',
    body: updateYoutubeBody,
    answer: z.object({ ...updated('youtube_updated'), youtube: z.string() }),
    auth: 'member',
  }),
  /** Multipart `profile_picture`: a PNG, JPEG, GIF or WebP image of at most 5 MB. */
  uploadPicture: apiRoute({
    method: 'POST',
    path: '/api/upload-profile-picture',
    body: multipartBody,
    answer: profilePictureAnswer,
    auth: 'member',
  }),
};
