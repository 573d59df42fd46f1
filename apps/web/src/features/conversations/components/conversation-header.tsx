import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar';
import { BlockControl } from './block-control';

interface ConversationHeaderProps {
  title: string;
  other: { id: number; name: string } | null;
  blocked: boolean;
  /** Whether the other member has the conversation open now; undefined while unknown. */
  present?: boolean;
  /** Whether the other member, not in the conversation, is connected at all; undefined while unknown. */
  online?: boolean;
}

function presenceKey(present: boolean | undefined, online: boolean | undefined): string | undefined {
  if (present === undefined) return undefined;
  if (present) return 'pvt.presentNow';
  if (online === undefined) return 'pvt.notPresent';
  return online ? 'pvt.onlineElsewhere' : 'pvt.offline';
}

/**
 * The other member's avatar, name (the page's heading) and whether they are here (or else connected at all), and the
 * block control.
 */
export function ConversationHeader({ title, other, blocked, present, online }: ConversationHeaderProps) {
  const { t } = useTranslation();
  const key = presenceKey(present, online);
  const presence = key === undefined ? undefined : t(key);
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
      {other && (
        <Avatar
          name={other.name}
          userId={other.id}
          online={present === undefined ? undefined : present || online === true}
        />
      )}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold text-slate-900" data-testid="pvt-title">
          {title}
        </h1>
        {/* wraps rather than cuts: a phone's header leaves it little room beside the block control. */}
        {other && presence && (
          <p className="text-xs break-words text-slate-600" data-testid="pvt-presence">
            {presence}
          </p>
        )}
      </div>
      {other && <BlockControl user={other} blocked={blocked} />}
    </div>
  );
}
