/*
 * Schema.org nodes of the public pages, as Google documents them: Article (articles and lyrics, with an
 * image), VideoObject, ItemList and Course (stores), BreadcrumbList, WebSite with a SearchAction and Organization
 * (home, lib/site-structured-data.ts). A page gives its nodes to PageMeta (components/page-meta.tsx), which writes them as one JSON-LD block.
 * Addresses are absolute, from the site's origin (PUBLIC_URL). What every page needs is in lib/json-ld.ts.
 */

import { type JsonLdNode } from './json-ld';
import { organizationNode } from './site-structured-data';

export { absoluteUrl, webPageNode, type JsonLdNode } from './json-ld';

export interface ArticleFacts {
  url: string;
  title: string;
  description: string;
  image: string;
  publishedAt: string | null;
  modifiedAt?: string | null;
  /** Who wrote it: a person's display name and page, or a name alone ("Domínio público"); the site when null. */
  author: { name: string; url?: string } | null;
}

export function articleNode(origin: string, brand: string, facts: ArticleFacts): JsonLdNode {
  return {
    '@type': 'Article',
    headline: facts.title.slice(0, 110),
    description: facts.description,
    mainEntityOfPage: facts.url,
    url: facts.url,
    image: [facts.image],
    inLanguage: 'pt-BR',
    ...(facts.publishedAt ? { datePublished: facts.publishedAt } : {}),
    ...(facts.modifiedAt || facts.publishedAt ? { dateModified: facts.modifiedAt || facts.publishedAt } : {}),
    author: facts.author
      ? { '@type': 'Person', name: facts.author.name, ...(facts.author.url ? { url: facts.author.url } : {}) }
      : { '@type': 'Organization', name: brand, url: `${origin}/` },
    publisher: organizationNode(origin, brand),
  };
}

export interface VideoFacts {
  name: string;
  description: string;
  thumbnailUrl: string;
  uploadDate: string | null;
  /** ISO 8601 duration (PT4M13S), when known. */
  duration: string | null;
  embedUrl: string;
  url: string;
}

export function videoNode(facts: VideoFacts): JsonLdNode {
  return {
    '@type': 'VideoObject',
    name: facts.name,
    description: facts.description,
    thumbnailUrl: [facts.thumbnailUrl],
    ...(facts.uploadDate ? { uploadDate: facts.uploadDate } : {}),
    ...(facts.duration ? { duration: facts.duration } : {}),
    embedUrl: facts.embedUrl,
    url: facts.url,
  };
}

export interface ListedItem {
  name: string;
  url: string;
  image?: string | null;
}

/** An ItemList of a page's entries (a store's products, a list page's cards), each with its position. */
export function itemListNode(name: string, items: readonly ListedItem[]): JsonLdNode {
  return {
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: item.url,
      ...(item.image ? { image: item.image } : {}),
    })),
  };
}

export function courseNode(
  origin: string,
  brand: string,
  facts: { name: string; description: string; url: string; image: string },
): JsonLdNode {
  return {
    '@type': 'Course',
    name: facts.name,
    description: facts.description,
    url: facts.url,
    image: facts.image,
    inLanguage: 'pt-BR',
    provider: { '@type': 'Organization', name: brand, sameAs: `${origin}/` },
  };
}

/** The breadcrumb a page shows, as absolute addresses; the last crumb (the page itself) may have no link. */
export function breadcrumbNode(crumbs: readonly { name: string; url?: string }[]): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

export interface PersonFacts {
  name: string;
  description: string;
  url: string;
  image?: string | null;
}

/** A person (or an event of the biography, named the same way), with a description of their own. */
export function personNode(facts: PersonFacts): JsonLdNode {
  return {
    '@type': 'Person',
    name: facts.name,
    ...(facts.description ? { description: facts.description } : {}),
    url: facts.url,
    ...(facts.image ? { image: facts.image } : {}),
  };
}

/** A page about one person (`mainEntity`), naming the others it links to (`mentions`). */
export function profilePageNode(
  facts: { name: string; description: string; url: string },
  mainEntity: JsonLdNode,
  mentions: readonly JsonLdNode[] = [],
): JsonLdNode {
  return {
    '@type': 'ProfilePage',
    name: facts.name,
    description: facts.description,
    url: facts.url,
    mainEntity,
    ...(mentions.length ? { mentions } : {}),
  };
}
