import { ArrowDown, LoaderCircle, MessagesSquare } from 'lucide-react';
import { Fragment, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DaySeparator, UnreadMarker, useDayLabel } from '../../../components/day-separator';
import { placeInTimeline } from '../../../lib/chat-timeline';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import type { ChatLine } from '../store/chat-line';
import { MessageLine } from './message-line';
import { Button } from '../../../components/ui/button';

interface MessageListProps {
  channel: string;
  lines: readonly ChatLine[];
  nickname: string | null;
  /** True until the room's user list arrives (the join is done). */
  joining: boolean;
  /** The member is not in the channel (kicked, banned, refused): the notice above says why; nothing invites to talk. */
  outside?: boolean;
  onNickClick?: (nickname: string) => void;
}

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-600">
      {children}
    </div>
  );
}

/** The channel's log, newest at the bottom; it follows new lines unless the reader scrolled up. */
export function MessageList({ channel, lines, nickname, joining, outside = false, onNickClick }: MessageListProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { unseen, firstUnseenId, scrollToEnd, onScroll } = useAutoScroll(ref, lines);
  const dayLabel = useDayLabel();
  const places = useMemo(
    () =>
      placeInTimeline(
        lines.map((line) => ({ timestamp: line.timestamp, sender: line.kind === 'message' ? line.username : null })),
      ),
    [lines],
  );

  let body: ReactNode;
  if (lines.length > 0) {
    body = (
      <ol className="flex flex-col py-2">
        {lines.map((line, index) => (
          <Fragment key={line.id}>
            {places[index]?.newDay && <DaySeparator label={dayLabel(line.timestamp)} />}
            {line.id === firstUnseenId && <UnreadMarker />}
            <MessageLine
              line={line}
              nickname={nickname}
              continued={places[index]?.continued ?? false}
              onNickClick={onNickClick}
            />
          </Fragment>
        ))}
      </ol>
    );
  } else if (joining) {
    body = (
      <Placeholder>
        <LoaderCircle className="size-5 animate-spin text-emerald-700" aria-hidden="true" />
        {t('chat.joining', { channel })}
      </Placeholder>
    );
  } else {
    body = (
      <Placeholder>
        <MessagesSquare className="size-8 text-slate-400" aria-hidden="true" />
        <span className="font-semibold text-slate-800">{t('chat.empty')}</span>
        {!outside && <span>{t('chat.emptyHint')}</span>}
      </Placeholder>
    );
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={ref}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t('chat.logLabel', { channel })}
        tabIndex={0}
        data-testid="message-list"
        className="h-full overflow-y-auto overscroll-contain bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600"
      >
        {body}
      </div>
      {unseen > 0 && (
        <Button
          variant="plain"
          onClick={scrollToEnd}
          data-testid="jump-to-newest"
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-emerald-700 px-3.5 py-2 text-sm font-semibold text-white shadow-lg hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
        >
          <ArrowDown className="size-4" aria-hidden="true" />
          {t('chat.jumpToNewest', { count: unseen })}
        </Button>
      )}
    </div>
  );
}
