/*
 * What every page's head needs to write its JSON-LD block (components/page-meta.tsx, in the shell): the node type,
 * absolute addresses, the plain WebPage node and the block's text. The nodes of particular pages (Article,
 * VideoObject, ItemList, Course, BreadcrumbList, WebSite, Organization) are in lib/structured-data.ts, loaded with
 * the screens that use them, not with every page (first-route JavaScript, decision 019).
 */

export type JsonLdNode = Record<string, unknown> & { '@type': string };

/** An address on this site made absolute with the site's origin; absolute addresses are kept. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** A page that is none of the above (a list, a static page): its name, description and address. */
export type WebPageType = 'WebPage' | 'CollectionPage' | 'AboutPage' | 'ContactPage' | 'ProfilePage';

export function webPageNode(type: WebPageType, facts: { name: string; description: string; url: string }): JsonLdNode {
  return { '@type': type, name: facts.name, description: facts.description, url: facts.url };
}

/** One JSON-LD document of the page's nodes, safe inside a script element (`<` escaped). */
export function jsonLdText(nodes: readonly JsonLdNode[]): string {
  const document =
    nodes.length === 1
      ? { '@context': 'https://schema.org', ...nodes[0] }
      : { '@context': 'https://schema.org', '@graph': nodes };
  return JSON.stringify(document)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
