import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useToast } from './ui/toast';
import { useFavoriteChannels } from '../lib/favorite-channels/get-favorite-channels';
import { useToggleFavoriteChannel } from '../lib/favorite-channels/toggle-favorite-channel';
import { Button } from './ui/button';

/** The star on a channel heading: a toggle (aria-pressed) that adds or removes the channel from the favourites. */
export function FavoriteStar({ channel }: { channel: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data, isPending } = useFavoriteChannels(true);
  const toggle = useToggleFavoriteChannel();
  const favorite = data?.includes(channel) ?? false;

  const onClick = () => {
    toggle.mutate(
      { channel, favorite: !favorite },
      { onError: () => toast.show({ message: t('favoriteStar.failed'), tone: 'error' }) },
    );
  };

  return (
    <Button
      variant="plain"
      pressed={favorite}
      aria-label={t('favoriteStar.label', { channel })}
      title={favorite ? t('favoriteStar.remove') : t('favoriteStar.add')}
      disabled={isPending}
      onClick={onClick}
      data-testid="favorite-star"
      className="grid size-11 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-amber-50 hover:text-amber-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 disabled:opacity-50 aria-pressed:text-amber-600"
    >
      <Star className={clsx('size-6', favorite && 'fill-current')} aria-hidden="true" />
    </Button>
  );
}
