import { useEffect } from 'react';
import { siteOrigin } from '../lib/request-context';
import { PageTitle } from './page-title';

function cut(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const at = clean.lastIndexOf(' ', max - 1);
  return `${clean.slice(0, at > max / 2 ? at : max - 1)}…`;
}

interface PageMetaProps {
  title: string;
  description: string;
  /** A path on this site or an absolute URL; null when the page has no picture. */
  image: string | null;
  /** The page's path, for the canonical link. */
  path: string;
  type?: 'article' | 'website';
}

/**
 * The page title and meta tags on the client (React hoists them into the head), matching what the
 * server wrote for crawlers (meta description cut to 155 characters, social to 200). The server's tags of
 * the first page are removed, so after navigating the head describes the page on screen.
 */
export function PageMeta({ title, description, image, path, type = 'article' }: PageMetaProps) {
  useEffect(() => {
    for (const tag of document.head.querySelectorAll('[data-preview]')) tag.remove();
  }, []);
  const origin = siteOrigin();
  const url = `${origin}${path}`;
  const picture = image ? new URL(image, origin).href : null;
  const social = cut(description, 200);
  return (
    <>
      <PageTitle title={title} />
      <meta name="description" content={cut(description, 155)} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={social} />
      <meta property="og:url" content={url} />
      {picture && <meta property="og:image" content={picture} />}
      <meta name="twitter:card" content={picture ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={social} />
      {picture && <meta name="twitter:image" content={picture} />}
    </>
  );
}
