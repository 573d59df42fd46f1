import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FavoriteStar } from '../../../components/favorite-star';
import { Button } from '../../../components/ui/button';

interface ChannelHeaderProps {
  channel: string;
  userCount: number;
  onOpenUsers: () => void;
}

/** `#name` with its favourite star; below `sm` a Users button stands in for the right-hand panel. */
export function ChannelHeader({ channel, userCount, onOpenUsers }: ChannelHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1">
      <h1 className="min-w-0 truncate font-mono text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        #{channel}
      </h1>
      <FavoriteStar channel={channel} />
      <span className="ml-auto hidden text-sm text-slate-600 sm:inline">{t('chat.online', { count: userCount })}</span>
      <Button
        variant="plain"
        onClick={onOpenUsers}
        aria-haspopup="dialog"
        data-testid="users-button"
        className="ml-auto inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:hidden"
      >
        <Users className="size-4" aria-hidden="true" />
        {t('chat.usersButton', { count: userCount })}
      </Button>
    </div>
  );
}
