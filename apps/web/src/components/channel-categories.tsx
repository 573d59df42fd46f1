import { Clapperboard, Headphones, Heart, MapPin, type LucideIcon } from 'lucide-react';
import type { ChannelCategory } from '@papo/contract/channels';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { channelPath } from '../config/paths';

export const categoryIcons: Record<ChannelCategory, LucideIcon> = {
  regional: MapPin,
  relations: Heart,
  music: Headphones,
  entertainment: Clapperboard,
};

/** Translated names of the channel categories. */
export function useCategoryLabels(): Record<ChannelCategory, string> {
  const { t } = useTranslation();
  return {
    regional: t('channels.categories.regional'),
    relations: t('channels.categories.relations'),
    music: t('channels.categories.music'),
    entertainment: t('channels.categories.entertainment'),
  };
}

/** A channel as a compact chip: `#name` in the monospace face, linking to its chat. */
export function ChannelChip({ name }: { name: string }) {
  return (
    <Link
      to={channelPath(name)}
      className="inline-flex items-center rounded-lg border border-slate-200 bg-white px-2.5 py-1 font-mono text-sm text-slate-800 hover:border-emerald-600 hover:bg-emerald-50 hover:text-emerald-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
    >
      <span className="text-emerald-700">#</span>
      {name}
    </Link>
  );
}
