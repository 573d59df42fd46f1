/*
 * Schema.org nodes of the public pages (issue 33), as Google documents them: Article (articles and lyrics, with an
 * image), VideoObject, ItemList and Course (stores), BreadcrumbList, WebSite with a SearchAction and Organization
 * (home). A page gives its nodes to PageMeta (components/page-meta.tsx), which writes them as one JSON-LD block.
 * Addresses are absolute, from the site's origin (PUBLIC_URL).
 */

export type JsonLdNode = Record<string, unknown> & { '@type': string };

/** An address on this site made absolute with the site's origin; absolute addresses are kept. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** The drawn logo (a square PNG drawn by the server's features/media): Organization.logo and the publisher's. */
export const logoPath = '/media/share/logo.png';

export function organizationNode(origin: string, brand: string): JsonLdNode {
  return { '@type': 'Organization', '@id': `${origin}/#organization`, name: brand, url: `${origin}/`, logo: absoluteUrl(origin, logoPath) };
}

/** The site itself, with the blog's search as its SearchAction (`/blog?q=…`). */
export function websiteNode(origin: string, brand: string, description: string): JsonLdNode {
  return {
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: brand,
    url: `${origin}/`,
    description,
    inLanguage: 'pt-BR',
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/blog?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface ArticleFacts {
  url: string;
  title: string;
  description: string;
  image: string;
  publishedAt: string | null;
  modifiedAt?: string | null;
  authorName: string | null;
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
    author: facts.authorName ? { '@type': 'Person', name: facts.authorName } : { '@type': 'Organization', name: brand, url: `${origin}/` },
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

export function courseNode(origin: string, brand: string, facts: { name: string; description: string; url: string; image: string }): JsonLdNode {
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

/** A page that is none of the above (a list, a static page): its name, description and address. */
export type WebPageType = 'WebPage' | 'CollectionPage' | 'AboutPage' | 'ContactPage' | 'ProfilePage';

export function webPageNode(type: WebPageType, facts: { name: string; description: string; url: string }): JsonLdNode {
  return { '@type': type, name: facts.name, description: facts.description, url: facts.url };
}

/** One JSON-LD document of the page's nodes, safe inside a script element (`<` escaped). */
export function jsonLdText(nodes: readonly JsonLdNode[]): string {
  const document = nodes.length === 1 ? { '@context': 'https://schema.org', ...nodes[0] } : { '@context': 'https://schema.org', '@graph': nodes };
  return JSON.stringify(document).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
