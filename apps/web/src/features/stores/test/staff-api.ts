import type { AlbumCategory, AlbumDetail, StoreItem } from '@papo/contract/stores';

/** The store the wizard tests edit (id 9, read at version 2), with any field replaced. */
export function album(overrides: Partial<AlbumDetail> = {}): AlbumDetail {
  return {
    id: 9,
    name: 'Loja da Feira',
    slug: 'loja-da-feira',
    kind: 'shop',
    category: { id: 3, key: 'books', name: 'Livros' },
    country: 'br',
    published: true,
    createdAt: '2026-11-27T10:00:00.000Z',
    cover: null,
    description: '',
    isEmptyDescription: true,
    articleId: null,
    content: [],
    pendingChanges: false,
    revision: 2,
    revisionAuthor: 'editora',
    revisionAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

/** A filled slot at `position` (0–11). */
export function slot(position: number, overrides: Partial<StoreItem> = {}): StoreItem {
  return {
    position,
    url: `stores/p${position}.webp`,
    thumbnail: `stores/p${position}-t.webp`,
    actionUrl: null,
    description: `Produto ${position + 1}`,
    ...overrides,
  };
}

export const categories: AlbumCategory[] = [
  { id: 3, key: 'books', name: 'Livros' },
  { id: 4, key: 'music', name: 'Música' },
];
