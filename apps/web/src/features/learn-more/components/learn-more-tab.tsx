import { Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The 'Saiba mais' tab of the right-hand panel. Cards open here when a tag is clicked (bio feature). */
export function LearnMoreTab() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center px-4 py-10 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-emerald-50 text-emerald-700" aria-hidden="true">
        <Tags className="size-6" />
      </span>
      <p className="mt-4 text-sm font-semibold text-slate-900">{t('rightPanel.learnMoreEmptyTitle')}</p>
      <p className="mt-1 text-sm leading-6 text-slate-600">{t('rightPanel.learnMoreEmptyText')}</p>
    </div>
  );
}
