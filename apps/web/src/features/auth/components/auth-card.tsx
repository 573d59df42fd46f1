import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/page-meta';

interface AuthCardProps {
  title: string;
  /** What search engines and link previews show of the page. */
  description: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Below the card: the way to the other screen (register ↔ login). */
  footer?: ReactNode;
}

/** The frame of every account screen: a centred card with the title, in the empty layout. */
export function AuthCard({ title, description, intro, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md pt-4 sm:pt-8">
      <PageMeta title={title} description={description} />
      <div className="rounded-2xl border border-slate-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-9">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {intro && <div className="mt-2 text-sm leading-6 text-slate-600">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
    </div>
  );
}

export const textLinkClass =
  'rounded font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/** The footer's way to another account screen, after a question when there is one ("No account yet?"). */
export function FooterLink({ question, to, children }: { question?: string; to: string; children: ReactNode }) {
  const link = (
    <Link to={to} className={textLinkClass}>
      {children}
    </Link>
  );
  if (!question) return link;
  return (
    <p>
      {question} {link}
    </p>
  );
}
