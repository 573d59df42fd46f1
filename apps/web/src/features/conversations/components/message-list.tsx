import { Loader2, MessageCircle } from 'lucide-react';
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../lib/message-list';
import { MessageBubble } from './message-bubble';
import { DaySeparator, UnreadMarker, useDayLabel } from '../../../components/day-separator';
import { placeInTimeline } from '../../../lib/chat-timeline';
import { StatePanel } from '../../../components/ui/state-panel';
import { Button } from '../../../components/ui/button';

interface MessageListProps {
  messages: ChatMessage[];
  myId: number | null;
  otherName: string;
  hasOlder: boolean;
  older: 'idle' | 'loading' | 'error';
  onLoadOlder: () => void;
  onRetry: (tempId: string) => void;
  /** The first message the reader had not seen when the conversation opened; the 'new messages' line goes before it. */
  firstUnreadKey?: string | null;
}

// within this distance of the bottom the reader is following along, so new messages scroll into view.
const followThresholdPx = 80;

function useTimeFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    // the day is in the separators, so each message shows its time only.
    const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
    return (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : time.format(date);
    };
  }, [i18n.language]);
}

/** The scrolling history, newest at the bottom, with 'load older' at the top and the reading position kept. */
export function MessageList({
  messages,
  myId,
  otherName,
  hasOlder,
  older,
  onLoadOlder,
  onRetry,
  firstUnreadKey,
}: MessageListProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const dayLabel = useDayLabel();
  const places = useMemo(
    () => placeInTimeline(messages.map((message) => ({ timestamp: message.timestamp, sender: message.senderId }))),
    [messages],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const seen = useRef<{ firstKey?: string; lastKey?: string; height: number; following: boolean }>({
    height: 0,
    following: true,
  });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const previous = seen.current;
    const first = messages[0];
    const last = messages.at(-1);
    if (previous.firstKey !== undefined && first?.key !== previous.firstKey && last?.key === previous.lastKey) {
      // Older messages went in above: keep the ones being read where they were.
      element.scrollTop += element.scrollHeight - previous.height;
    } else if (last?.key !== previous.lastKey && (previous.following || last?.senderId === myId)) {
      element.scrollTop = element.scrollHeight;
    }
    seen.current = { ...previous, firstKey: first?.key, lastKey: last?.key, height: element.scrollHeight };
  }, [messages, myId]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    seen.current.following = element.scrollHeight - element.scrollTop - element.clientHeight < followThresholdPx;
  };

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-label={t('pvt.messagesLabel', { name: otherName })}
      tabIndex={0}
      data-testid="pvt-messages"
      className="relative flex min-h-0 flex-1 flex-col overflow-y-auto px-3 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600 sm:px-5"
    >
      {hasOlder && (
        <div className="mb-3 flex justify-center">
          {older === 'loading' ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              {t('pvt.loadingOlder')}
            </p>
          ) : (
            <p className="flex flex-wrap items-center justify-center gap-2 text-sm">
              {older === 'error' && <span className="text-red-800">{t('pvt.olderError')}</span>}
              <Button variant="link" onClick={onLoadOlder}>
                {t('pvt.loadOlder')}
              </Button>
            </p>
          )}
        </div>
      )}
      {messages.length === 0 ? (
        <StatePanel
          icon={MessageCircle}
          title={t('pvt.emptyTitle')}
          text={t('pvt.emptyText', { name: otherName })}
          testId="pvt-empty"
        />
      ) : (
        <ol className="mt-auto flex flex-col">
          {messages.map((message, index) => (
            <Fragment key={message.key}>
              {places[index]?.newDay && <DaySeparator label={dayLabel(message.timestamp)} />}
              {message.key === firstUnreadKey && <UnreadMarker />}
              <MessageBubble
                message={message}
                own={message.senderId === myId}
                continued={places[index]?.continued ?? false}
                time={format(message.timestamp)}
                onRetry={onRetry}
              />
            </Fragment>
          ))}
        </ol>
      )}
    </div>
  );
}
