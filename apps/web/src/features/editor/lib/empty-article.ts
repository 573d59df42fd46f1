import type { EditorArticle } from '@papo/contract/editor-articles';

/** A new article before its first save (the editor at /editor); tests start their articles from it too. */
export const emptyArticle: EditorArticle = {
  id: 0,
  title: '',
  slug: '',
  content: '',
  cover: null,
  description: '',
  category: null,
  isPublished: false,
  isLyrics: false,
  composer: null,
  youtube: null,
  images: [],
  publishAt: null,
  publishedAt: null,
  updatedAt: '',
  revision: 0,
  revisionAuthor: null,
  revisionAt: '',
  pendingChanges: false,
  liveSlug: '',
  linkedStores: [],
};
