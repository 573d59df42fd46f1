/*
 * The site's own schema.org nodes: WebSite with its SearchAction and Organization with its logo (the home page, and
 * the publisher of articles), apart from lib/structured-data.ts so the home page loads only these.
 */

import { absoluteUrl, type JsonLdNode } from './json-ld';

/** The drawn logo (a square PNG drawn by the server's features/media): Organization.logo and the publisher's. */
const logoPath = '/media/share/logo.png';

export function organizationNode(origin: string, brand: string): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: brand,
    url: `${origin}/`,
    logo: absoluteUrl(origin, logoPath),
  };
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
