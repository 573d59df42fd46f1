import { AtSign } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UnreadBadge } from '../../../components/unread-badge';
import { useChatStore } from '../store/chat-store';

/** The unread count of an open channel and, when one of those lines names the member, the mention marker. */
export function UnreadMarks({ channel }: { channel: string }) {
  const { t } = useTranslation();
  const count = useChatStore((state) => state.unread[channel] ?? 0);
  const mentioned = useChatStore((state) => state.mentioned[channel] === true);
  return (
    <>
      {mentioned && (
        <span
          data-testid="mention-marker"
          className="grid size-5 shrink-0 place-items-center rounded-full bg-amber-500 text-white"
        >
          <AtSign className="size-3.5" aria-hidden="true" />
          <span className="sr-only">{t('chat.mentioned')}</span>
        </span>
      )}
      <UnreadBadge count={count} />
    </>
  );
}
