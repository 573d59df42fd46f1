import { AlertTriangle, RotateCw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** One home section: a titled card that loads, fails and retries on its own, without breaking the page. */
export function HomeSection({
  id,
  title,
  icon: Icon,
  children,
  aside,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Icon className="size-4 text-emerald-700" aria-hidden="true" />
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Grey lines in the shape of the content while a section loads. */
export function SectionSkeleton({
  lines = 3,
  label,
  picture = false,
}: {
  lines?: number;
  label: string;
  picture?: boolean;
}) {
  return (
    <div role="status" aria-label={label} className="flex gap-3">
      {picture && (
        <div
          aria-hidden="true"
          className="size-16 shrink-0 animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none"
        />
      )}
      <div aria-hidden="true" className="flex-1 space-y-2">
        {Array.from({ length: lines }, (_, i) => (
          <div
            key={i}
            className={`h-3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none ${i === 0 ? 'w-3/4' : i % 2 ? 'w-full' : 'w-5/6'}`}
          />
        ))}
      </div>
    </div>
  );
}

/** A small failure line with a retry, inside the section that failed. */
export function SectionError({ text, onRetry }: { text: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{text}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCw className="size-3.5" aria-hidden="true" />
        {t('homeSections.retry')}
      </Button>
    </div>
  );
}
