import type { LyricSummary } from '@papo/contract/articles';
import { Music } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../lib/classes';

/** A lyric in the list or in results: title and its first lines. */
export function LyricCard({ lyric }: { lyric: Pick<LyricSummary, 'slug' | 'title' | 'shortContent'> }) {
  return (
    <Link
      to={`/lyrics/${lyric.slug}`}
      className={`flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md ${focusRing}`}
    >
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-700"
      >
        <Music className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900">{lyric.title}</span>
        <span className="mt-1 line-clamp-2 text-sm text-slate-600">{lyric.shortContent}</span>
      </span>
    </Link>
  );
}
