import { levelPrefix } from '@papo/contract/chat';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { levelName } from '../lib/levels';
import { nickColour } from '../lib/nick-colour';

/** Under the input: the nickname the member chats under and their level, or a nudge to choose a nickname. */
export function NicknameLine({
  nickname,
  level,
  hasNickname,
}: {
  nickname: string | null;
  level: number;
  hasNickname: boolean;
}) {
  const { t } = useTranslation();
  if (!nickname) return null;
  return (
    <p data-testid="nickname-line" className="px-3 pb-2 text-xs text-slate-600">
      {t('chat.chattingAs')}{' '}
      <strong className="font-semibold" style={{ color: nickColour(nickname) }}>
        {levelPrefix(level)}
        {nickname}
      </strong>
      {' · '}
      {t(`levels.names.${levelName(level)}`)}
      {!hasNickname && (
        <>
          {' · '}
          <Link
            to={paths.profile}
            className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            {t('chat.chooseNickname')}
          </Link>
        </>
      )}
    </p>
  );
}
