import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import clsx from 'clsx';

/** Classes of a sidebar link (favourite channel, private conversation), highlighted on its own route. */
export function sidebarLinkClass(isActive: boolean, layout: string): string {
  return clsx(
    'rounded-lg px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
    layout,
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100',
  );
}

/** A titled group of the left sidebar: a small uppercase heading with its icon, then the content. */
export function SidebarSection({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2
        id={headingId}
        className="mb-2 flex items-center gap-2 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500"
      >
        <Icon className="size-3.5" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}
