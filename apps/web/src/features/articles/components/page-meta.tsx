import { useEffect } from 'react';
import { PageTitle } from '../../../components/page-title';
import { uploadSrc } from '../lib/format';

function cut(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const at = clean.lastIndexOf(' ', max - 1);
  return `${clean.slice(0, at > max / 2 ? at : max - 1)}…`;
}

/**
 * The page title and meta tags on the client (React hoists them into the head), matching what the
 * server wrote for crawlers. The server's tags of the first page are removed, so after navigating to
 * another article the head describes the page on screen.
 */
export function PageMeta({ title, description, cover, path }: { title: string; description: string; cover: string | null; path: string }) {
  useEffect(() => {
    for (const tag of document.head.querySelectorAll('[data-preview]')) tag.remove();
  }, []);
  const url = `${window.location.origin}${path}`;
  const image = cover ? `${window.location.origin}${uploadSrc(cover)}` : null;
  const social = cut(description, 200);
  return (
    <>
      <PageTitle title={title} />
      <meta name="description" content={cut(description, 155)} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="article" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={social} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={social} />
      {image && <meta name="twitter:image" content={image} />}
    </>
  );
}
