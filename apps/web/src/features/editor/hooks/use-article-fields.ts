import type { EditorArticle } from '@papo/contract/editor-articles';
import { slugify } from '@papo/contract/slug';
import { useCallback, useRef, useState, type RefObject } from 'react';

/** The article editor's fields as typed: what a save sends, besides what the other steps set. */
export interface TypedArticle {
  title: string;
  /** The address as it will be sent: the one typed, or the title's until one is typed. */
  slug: string;
  description: string;
  youtube: string;
  /** The body's HTML: a ref, as the rich text editor hands over each change without a render of the form. */
  content: RefObject<string>;
  /** Takes the address a save settled on (the server keeps it unique): from then on it is kept, not the title's. */
  settleSlug: (slug: string) => void;
}

/** The fields of the article editor, started from `article`. */
export function useArticleFields(article: EditorArticle) {
  const [title, setTitle] = useState(article.title);
  const [slug, setSlug] = useState(article.slug);
  // A saved article keeps its address; a new one follows its title until an address is typed.
  const [slugEdited, setSlugEdited] = useState(Boolean(article.id));
  const [description, setDescription] = useState(article.description);
  const [youtube, setYoutube] = useState(article.youtube ?? '');
  const content = useRef(article.content);
  const settleSlug = useCallback((saved: string) => {
    setSlug(saved);
    setSlugEdited(true);
  }, []);
  /** An address typed: made a slug as typed, a trailing dash kept so the next word can follow it. */
  const typeSlug = (value: string) => {
    setSlug(slugify(value) + (value.endsWith('-') ? '-' : ''));
    setSlugEdited(true);
  };
  const typed: TypedArticle = {
    title,
    slug: slugEdited ? slug : slugify(title),
    description,
    youtube,
    content,
    settleSlug,
  };
  return { typed, setTitle, typeSlug, setDescription, setYoutube };
}

/** The article editor's fields and the ways to change them, as the form's parts use them. */
export type ArticleFields = ReturnType<typeof useArticleFields>;
