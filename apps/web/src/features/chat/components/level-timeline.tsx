import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { isStaffLevel, levelStepIndex, levelSteps } from '../lib/levels';

/** The six-step vertical timeline of channel levels: steps up to the member's are done, theirs is marked. */
export function LevelTimeline({ level, hasNickname }: { level: number; hasNickname: boolean }) {
  const { t } = useTranslation();
  const current = levelStepIndex(level, hasNickname);
  return (
    <div>
      <ol className="relative flex flex-col" data-testid="level-timeline">
        {levelSteps.map((step, index) => {
          const done = index <= current;
          const isCurrent = index === current;
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              data-done={done}
              className="relative flex gap-3 pb-5 last:pb-0"
            >
              {index < levelSteps.length - 1 && (
                <span
                  aria-hidden="true"
                  className={clsx(
                    'absolute left-[0.9375rem] top-8 h-[calc(100%-2rem)] w-0.5',
                    index < current ? 'bg-emerald-600' : 'bg-slate-200',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={clsx(
                  'relative grid size-8 shrink-0 place-items-center rounded-full border-2 text-xs font-bold',
                  isCurrent
                    ? 'border-emerald-700 bg-emerald-700 text-white ring-4 ring-emerald-100'
                    : done
                      ? 'border-emerald-600 bg-white text-emerald-700'
                      : 'border-slate-300 bg-white text-slate-500',
                )}
              >
                {done && !isCurrent ? <Check className="size-4" /> : t(`levels.steps.${step}.badge`)}
              </span>
              <div className="min-w-0 pt-1">
                <p className={clsx('text-sm font-semibold', done ? 'text-slate-900' : 'text-slate-600')}>
                  {t(`levels.steps.${step}.title`)}
                  {isCurrent && (
                    <span className="ml-2 inline-block whitespace-nowrap rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
                      {t('levels.current')}
                    </span>
                  )}
                  <span className="sr-only">{done ? `, ${t('levels.done')}` : `, ${t('levels.notYet')}`}</span>
                </p>
                <p className="mt-0.5 text-xs leading-5 text-slate-600">{t(`levels.steps.${step}.text`)}</p>
              </div>
            </li>
          );
        })}
      </ol>
      {isStaffLevel(level) && <p className="pt-3 text-xs text-slate-600">{t('levels.staffNote')}</p>}
    </div>
  );
}
