import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

/** The top of the blog and lyrics lists: page title, heading, intro, then the search box and filters. */
export function ListHeader({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <>
      <PageTitle title={title} />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-base text-slate-600">{intro}</p>
      </header>
      <div className="mb-6 space-y-4">{children}</div>
    </>
  );
}
