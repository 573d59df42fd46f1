import { Tags, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BioCard } from '../../../components/bio-card';
import { Button } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';
import { closeLearnMore, openLearnMore, useLearnMoreCards, type LearnMoreCard } from '../../../lib/learn-more';
import { useTagCard } from '../../../lib/tag-card';

/** The 'Saiba mais' tab of the right-hand panel and of the phone's panel sheet (members-area §2): one card per clicked tag, newest first. */
export function LearnMoreTab() {
  const { t } = useTranslation();
  const cards = useLearnMoreCards();
  if (!cards.length)
    return (
      <StatePanel icon={Tags} title={t('rightPanel.learnMoreEmptyTitle')} text={t('rightPanel.learnMoreEmptyText')} />
    );
  return (
    <ul className="flex flex-col gap-3 p-3" aria-label={t('learnMore.cards')}>
      {cards.map((card, index) => (
        <LearnMoreItem key={card.id} card={card} newest={index === 0} />
      ))}
    </ul>
  );
}

/** One card: `GET /api/searchBio?name=`; the first section is the card, the rest its 'Veja Também' tags. */
function LearnMoreItem({ card, newest }: { card: LearnMoreCard; newest: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  const answer = useTagCard(card.tag);

  useEffect(() => {
    if (newest) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);

  const [section, ...related] = answer.data?.sections ?? [];
  const close = (
    <Button
      variant="icon"
      size="sm"
      onClick={() => closeLearnMore(card.id)}
      aria-label={t('learnMore.close', { tag: card.tag })}
      className="absolute right-2 top-2 z-10 bg-white/90 shadow-sm"
    >
      <X className="size-4" aria-hidden="true" />
    </Button>
  );
  return (
    <li ref={ref} className="relative" data-testid="learn-more-card">
      {close}
      {section ? (
        <BioCard section={section.layout === 'layout-3' ? { ...section, layout: 'layout-1' } : section} as="h3" compact>
          {related.length > 0 && (
            <div className="mt-3">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('learnMore.seeAlso')}</p>
              <ul className="mt-1.5 flex flex-wrap gap-1.5">
                {related.map((other) => (
                  <li key={other.id}>
                    <Button
                      variant="plain"
                      onClick={() => openLearnMore(other.tag)}
                      className="rounded-full border border-emerald-200 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 hover:bg-emerald-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                    >
                      {other.tag}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </BioCard>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white p-4 pr-10 text-sm text-slate-600">
          <p className="font-semibold text-slate-900">{card.tag}</p>
          <p role={answer.isSuccess ? undefined : 'status'} className="mt-1">
            {answer.isSuccess ? t('learnMore.notFound') : t('learnMore.loading')}
          </p>
        </div>
      )}
    </li>
  );
}
