import { initialsOf } from '../../../lib/session';
import { BlockControl } from './block-control';

interface ConversationHeaderProps {
  title: string;
  other: { id: number; name: string } | null;
  blocked: boolean;
}

/** The other member's name (the page's heading) and the block control. */
export function ConversationHeader({ title, other, blocked }: ConversationHeaderProps) {
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
      {other && (
        <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700">
          {initialsOf(other.name) || '?'}
        </span>
      )}
      <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900" data-testid="pvt-title">
        {title}
      </h1>
      {other && <BlockControl user={other} blocked={blocked} />}
    </div>
  );
}
