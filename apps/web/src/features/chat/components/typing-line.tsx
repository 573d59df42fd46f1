import { useTranslation } from 'react-i18next';
import { clientRooms } from '@papo/contract/socket-events';
import { useTypingIndicator } from '../../../lib/typing/use-typing-indicator';

/** Under the channel's log: who is typing there, as Discord says it (one name, two, or "several people"). */
export function TypingLine({ channel }: { channel: string }) {
  const { t } = useTranslation();
  const names = useTypingIndicator(clientRooms.channel(channel));
  const [first = '', second = ''] = names;
  const text =
    names.length === 0
      ? ''
      : names.length === 1
        ? t('chat.typing.one', { name: first })
        : names.length === 2
          ? t('chat.typing.two', { first, second })
          : t('chat.typing.many');
  return (
    <p
      aria-live="polite"
      className="h-5 shrink-0 truncate px-4 text-xs italic leading-5 text-slate-600 sm:px-6"
      data-testid="channel-typing"
    >
      {text}
    </p>
  );
}
