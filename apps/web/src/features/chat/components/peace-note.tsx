import type { PeaceRefusal } from '@papo/contract/peace';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { levelName } from '../lib/levels';

interface PeaceNoteProps {
  /** Why acts are missing: PEACE's refusals, or `topic` for the topic. */
  reasons: readonly (PeaceRefusal | 'topic')[];
  channel: string;
  /** The member's own level in the channel. */
  level: number;
  /** The member acted on, if any. */
  nickname?: string;
  testId?: string;
}

/** One short line per reason the shared PEACE rule gives for acts not offered (the server stays the judge). */
export function PeaceNote({ reasons, channel, level, nickname, testId = 'peace-note' }: PeaceNoteProps) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  const params = { channel, nickname, level: t(`levels.names.${levelName(level)}`) };
  return (
    <div data-testid={testId} className="flex gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0">
        {reasons.map((reason) => (
          <p key={reason} data-reason={reason}>
            {t(`chanserv.why.${reason}`, params)}
          </p>
        ))}
      </div>
    </div>
  );
}
