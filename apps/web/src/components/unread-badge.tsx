import { useTranslation } from 'react-i18next';

/** The number of unread messages of a conversation, read out in words to screen readers. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="grid min-w-5 shrink-0 place-items-center rounded-full bg-emerald-700 px-1.5 text-[11px] font-bold leading-5 text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('pvt.unread', { count })}</span>
    </span>
  );
}
