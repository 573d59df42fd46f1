import { levelPrefix } from '@papo/contract/chat';
import {
  ArrowLeft,
  ArrowRight,
  Clock,
  Gavel,
  Hash,
  Info,
  RotateCcw,
  Shield,
  TriangleAlert,
  UserPen,
} from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import clsx from 'clsx';
import { useLineFormat } from '../hooks/use-line-format';
import { nickColour } from '../lib/nick-colour';
import { mentions } from '../lib/rich-text';
import type { ChatLine, SpokenLine, SystemLine, SystemTone } from '../store/chat-line';
import { retryLine } from '../store/send-line';
import { MessageText } from './message-text';
import { Button } from '../../../components/ui/button';

const toneStyles: Record<SystemTone, { icon: typeof Info; className: string }> = {
  join: { icon: ArrowRight, className: 'text-emerald-800' },
  part: { icon: ArrowLeft, className: 'text-slate-600' },
  moderation: { icon: Gavel, className: 'text-red-800' },
  topic: { icon: Hash, className: 'text-sky-800' },
  nick: { icon: UserPen, className: 'text-violet-800' },
  level: { icon: Shield, className: 'text-amber-800' },
  error: { icon: TriangleAlert, className: 'text-red-700' },
  info: { icon: Info, className: 'text-slate-600' },
};

interface LineProps {
  line: ChatLine;
  /** The same member's line just before (same day, within minutes): the nick is left to screen readers. */
  continued?: boolean;
  /** The reader's nickname, for mention highlights. */
  nickname: string | null;
  onNickClick?: (nickname: string) => void;
}

function Nick({
  line,
  hidden,
  onNickClick,
}: {
  line: SpokenLine;
  hidden: boolean;
  onNickClick?: (nickname: string) => void;
}) {
  const label = `${levelPrefix(line.level)}${line.username}`;
  const style = { color: nickColour(line.username) };
  const text = line.kind === 'action' ? label : `<${label}>`;
  if (hidden) return <span className="sr-only">{text}</span>;
  if (!onNickClick)
    return (
      <span className="font-semibold" style={style}>
        {text}
      </span>
    );
  return (
    <Button
      variant="plain"
      onClick={() => onNickClick(line.username)}
      className="rounded font-semibold hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      style={style}
    >
      {text}
    </Button>
  );
}

/** The `/irc` page, from the end of `/help`. */
function IrcLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.irc}
      className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
    >
      {t('chatLines.helpIrcLink')}
    </Link>
  );
}

function SystemText({ line }: { line: SystemLine }) {
  const { systemText } = useLineFormat();
  const { icon: Icon, className } = toneStyles[line.tone];
  return (
    <p data-tone={line.tone} className={clsx('flex min-w-0 items-start gap-1.5 text-[0.8125rem] leading-6', className)}>
      <Icon className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        {systemText(line)}
        {line.key === 'helpIrc' && (
          <>
            {' '}
            <IrcLink />
          </>
        )}
        {line.detail && <span className="text-slate-700"> — “{line.detail}”</span>}
      </span>
    </p>
  );
}

/** How the member's own line is getting on: 'sending…' while pending, why it failed and a retry when refused. */
function Delivery({ line }: { line: SpokenLine }) {
  const { t } = useTranslation();
  if (line.delivery?.state === 'pending') return <span className="sr-only"> ({t('chat.pending')})</span>;
  if (line.delivery?.state !== 'failed') return null;
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs not-italic text-red-700" role="alert">
      <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />
      {t('chat.failed', { reason: t(line.delivery.reasonKey) })}
      <Button
        variant="plain"
        onClick={() => void retryLine(line)}
        data-testid="retry-line"
        className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-semibold text-red-800 ring-1 ring-inset ring-red-200 hover:bg-red-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        <RotateCcw className="size-3.5" aria-hidden="true" />
        {t('chat.retry')}
      </Button>
    </span>
  );
}

/** A line said while the member's connection was away, replayed after it came back. */
function Late() {
  const { t } = useTranslation();
  return (
    <span className="ml-1.5 inline-flex items-center gap-1 align-middle text-xs not-italic text-slate-500">
      <Clock className="size-3" aria-hidden="true" />({t('chat.late')})
    </span>
  );
}

/** One line of the log: `<nick> text`, `* nick action`, or a system line set apart in its own colour. */
export const MessageLine = memo(function MessageLine({ line, nickname, continued = false, onNickClick }: LineProps) {
  const { time } = useLineFormat();
  const mentioned = line.kind !== 'system' && line.username !== nickname && mentions(line.text, nickname);
  return (
    <li
      data-kind={line.kind}
      data-delivery={line.kind !== 'system' ? line.delivery?.state : undefined}
      data-late={(line.kind !== 'system' && line.late) || undefined}
      data-mention={mentioned || undefined}
      data-continued={continued || undefined}
      className={clsx(
        'group flex gap-2 border-l-2 px-3',
        continued ? 'py-0' : 'pt-1 pb-0.5',
        mentioned ? 'border-amber-500 bg-amber-50' : 'border-transparent',
      )}
    >
      {/* a continued line shows its time on hover only, so a run of lines reads as one block. */}
      <time
        dateTime={line.timestamp}
        className={clsx(
          'shrink-0 pt-1 font-mono text-xs tabular-nums',
          continued ? 'text-transparent group-hover:text-slate-500' : 'text-slate-500',
        )}
      >
        {time(line.timestamp)}
      </time>
      {line.kind === 'system' ? (
        <SystemText line={line} />
      ) : (
        <div className="min-w-0">
          <p
            className={clsx(
              'break-words text-sm leading-6',
              line.kind === 'action' && 'italic',
              line.delivery?.state === 'pending' ? 'text-slate-500' : 'text-slate-900',
            )}
          >
            {line.kind === 'action' && (
              <span aria-hidden="true" className="not-italic text-slate-500">
                *{' '}
              </span>
            )}
            <Nick line={line} hidden={continued} onNickClick={onNickClick} />{' '}
            <MessageText text={line.text} nickname={nickname} />
            {line.delivery?.state === 'pending' && <Delivery line={line} />}
            {line.late && <Late />}
          </p>
          {line.delivery?.state === 'failed' && <Delivery line={line} />}
        </div>
      )}
    </li>
  );
});
