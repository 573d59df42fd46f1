import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './ui/button';

/** The way back to the screen above this one (a message's list, an entry's editor), with its arrow. */
export function BackLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={clsx(buttonClass({ variant: 'link' }), 'gap-1.5 self-start', className)}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
