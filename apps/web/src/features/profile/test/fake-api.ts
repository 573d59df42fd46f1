import { normaliseInstagram, normaliseYoutube, type Nickname, type UserProfile } from '@papo/contract/profile';
import { json, mockApi } from '../../../test/fake-api';

/** One request the screen sent, as the server would read it. */
interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

interface Reply {
  status: number;
  body?: unknown;
}

/** A profile as `GET /api/userprofile` answers it; every field set unless overridden. */
export function buildProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 42,
    name: 'Maria Silva',
    username: 'maria_silva',
    email: 'maria@example.com',
    gender: 'female',
    coinBalance: 1250,
    createdAt: '2024-03-05T12:00:00.000Z',
    birthday: '1990-07-04',
    nicknames: [nickname(1, 'maria_silva', true), nickname(2, 'mariazinha', false)],
    roles: ['ROLE_USER'],
    welcomeMessage: 'Olá, sejam bem-vindos!',
    profileImage: '/uploads/profile/abc.webp',
    instagram: 'maria.silva',
    youtube: '@mariasilva',
    language: 'pt',
    favoriteChannels: ['#barra'],
    conversations: [],
    userInitials: 'MS',
    ...overrides,
  };
}

export function nickname(id: number, name: string, selected: boolean): Nickname {
  return { id, nickname: name, is_selected: selected, isSelected: selected };
}

const fieldPaths: Record<string, keyof UserProfile> = {
  '/api/update-gender': 'gender',
  '/api/update-language': 'language',
  '/api/update-birthday': 'birthday',
  '/api/update-instagram': 'instagram',
  '/api/update-youtube': 'youtube',
  '/api/update-welcome-message': 'welcomeMessage',
};

// the server stores handles in one form; the screen must show what it stored, not what was typed.
const normalisers: Partial<Record<keyof UserProfile, (input: string) => string | null>> = {
  instagram: normaliseInstagram,
  youtube: normaliseYoutube,
};

/**
 * Replaces `fetch` with a small in-memory Papo server holding one profile. It answers like the real
 * routes (apps/server/src/features/{profile,nicknames}); `failNext` makes one call answer an error.
 */
export function installFakeApi(initial: UserProfile = buildProfile()) {
  let profile = structuredClone(initial);
  let nextNicknameId = 100;
  const calls: RecordedCall[] = [];
  const failures = new Map<string, Reply[]>();
  const holds = new Map<string, Promise<void>[]>();

  const handle = (method: string, path: string, body: unknown): Reply => {
    const failure = failures.get(`${method} ${path}`)?.shift();
    if (failure) return failure;
    const record = (body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && path === '/api/userprofile') return { status: 200, body: profile };
    const field = fieldPaths[path];
    if (method === 'POST' && field) {
      const value = normalisers[field]?.(String(record[field])) ?? record[field];
      profile = { ...profile, [field]: value };
      return { status: 200, body: { message: 'updated', [field]: value } };
    }
    if (method === 'POST' && path === '/api/upload-profile-picture') {
      const imageUrl = `/uploads/profile/new-${calls.length}.webp`;
      profile = { ...profile, profileImage: imageUrl };
      return { status: 200, body: { message: 'profile_picture_updated', imageUrl } };
    }
    if (method === 'POST' && path === '/api/nicknames') {
      const added = nickname(nextNicknameId++, String(record.nickname), false);
      profile = { ...profile, nicknames: [...profile.nicknames, added] };
      return { status: 201, body: { message: 'nickname_added', nickname: added } };
    }
    if (method === 'POST' && path === '/api/select-nickname') {
      const id = Number(record.nicknameId);
      profile = { ...profile, nicknames: profile.nicknames.map((n) => nickname(n.id, n.nickname, n.id === id)) };
      return { status: 200, body: { message: 'nickname_selected' } };
    }
    const removal = /^\/api\/nicknames\/(\d+)$/.exec(path);
    if (method === 'DELETE' && removal) {
      const id = Number(removal[1]);
      profile = { ...profile, nicknames: profile.nicknames.filter((n) => n.id !== id) };
      return { status: 200, body: { message: 'nickname_removed', id } };
    }
    return { status: 404, body: { message: 'not_found' } };
  };

  mockApi(async (url, _init, recorded) => {
    const { method, body } = recorded;
    calls.push({ method, path: url.pathname, body });
    await holds.get(`${method} ${url.pathname}`)?.shift();
    const reply = handle(method, url.pathname, body);
    if (reply.status === 0) throw new TypeError('Failed to fetch');
    return reply.body === undefined ? new Response(null, { status: reply.status }) : json(reply.status, reply.body);
  });

  return {
    calls,
    /** The calls that change something (the layout's own reads are left out). */
    changes: () => calls.filter((call) => call.method !== 'GET'),
    /** The next `METHOD path` call answers `status` with `body` (status 0: the network fails). */
    failNext(route: string, status: number, body?: unknown) {
      failures.set(route, [...(failures.get(route) ?? []), { status, body }]);
    },
    /** The next `METHOD path` call waits for the returned function to be called before it answers. */
    holdNext(route: string): () => void {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      holds.set(route, [...(holds.get(route) ?? []), held]);
      return release;
    },
    profile: () => profile,
  };
}
