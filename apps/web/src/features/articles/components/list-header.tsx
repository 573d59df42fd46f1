import type { ReactNode } from 'react';
import { PageMeta, type ShareCard } from '../../../components/page-meta';
import { siteOrigin } from '../../../lib/request-context';
import { webPageNode } from '../../../lib/json-ld';

interface ListHeaderProps {
  title: string;
  intro: string;
  /** The page's description for search engines and link previews. */
  description: string;
  card: ShareCard;
  /** The canonical path of the list. */
  path: string;
  children: ReactNode;
}

/** The top of the blog and lyrics lists: the page's head, heading, intro, then the search box and filters. */
export function ListHeader({ title, intro, description, card, path, children }: ListHeaderProps) {
  return (
    <>
      <PageMeta
        title={title}
        description={description}
        card={card}
        path={path}
        structuredData={[webPageNode('CollectionPage', { name: title, description, url: `${siteOrigin()}${path}` })]}
      />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-base text-slate-600">{intro}</p>
      </header>
      <div className="mb-6 space-y-4">{children}</div>
    </>
  );
}
