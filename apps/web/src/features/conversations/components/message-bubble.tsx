import { AlertCircle, Clock, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { ChatMessage } from '../lib/message-list';
import { Button } from '../../../components/ui/button';

interface MessageBubbleProps {
  message: ChatMessage;
  own: boolean;
  /** Follows a message of the same sender moments before: drawn close to it, as one group. */
  continued: boolean;
  time: string;
  onRetry: (tempId: string) => void;
}

/** One message: the other member's on the left, ours on the right (members-area §2 Private conversation). */
export function MessageBubble({ message, own, continued, time, onRetry }: MessageBubbleProps) {
  const { t } = useTranslation();
  const failed = message.status === 'failed';
  return (
    <li
      className={clsx('flex flex-col', own ? 'items-end' : 'items-start', continued ? 'mt-0.5' : 'mt-2')}
      data-testid="pvt-message"
      data-continued={continued || undefined}
      data-message-id={message.id ?? ''}
    >
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%]',
          own ? 'rounded-br-md bg-emerald-700 text-white' : 'rounded-bl-md bg-slate-100 text-slate-900',
          continued && (own ? 'rounded-tr-md' : 'rounded-tl-md'),
          failed && 'ring-2 ring-red-600 ring-offset-1',
          message.status === 'pending' && 'opacity-80',
        )}
      >
        <span className="sr-only">{own ? t('pvt.you') : message.senderName}: </span>
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="pvt-message-text">
          {message.content}
        </p>
        <p
          className={clsx(
            'mt-0.5 flex items-center justify-end gap-1 text-[11px]',
            own ? 'text-emerald-50' : 'text-slate-600',
          )}
        >
          {message.status === 'pending' && (
            <>
              <Clock className="size-3" aria-hidden="true" />
              <span className="sr-only">{t('pvt.sending')}</span>
            </>
          )}
          <time dateTime={message.timestamp}>{time}</time>
        </p>
      </div>
      {failed && (
        <p className="mt-1 flex items-center gap-2 text-xs text-red-800">
          <AlertCircle className="size-3.5" aria-hidden="true" />
          {t('pvt.failed')}
          <Button
            variant="plain"
            onClick={() => onRetry(message.key)}
            className="inline-flex items-center gap-1 rounded font-semibold underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600"
          >
            <RotateCw className="size-3" aria-hidden="true" />
            {t('pvt.retry')}
          </Button>
        </p>
      )}
    </li>
  );
}
