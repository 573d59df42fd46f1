import { BarChart3, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api';
import { useSurvey, useVote } from '../api/home';
import { HomeSection, SectionError, SectionSkeleton } from './home-section';

/** The survey (public-site §2.4, §4): one button per option; after voting, the recorded message and the results as bars. */
export function SurveyCard() {
  const { t } = useTranslation();
  const survey = useSurvey();
  const vote = useVote();
  const data = survey.data;

  let body;
  if (survey.isPending) body = <SectionSkeleton lines={3} label={t('homeSections.survey.loading')} />;
  else if (survey.isError)
    body = <SectionError text={t('homeSections.survey.error')} onRetry={() => void survey.refetch()} />;
  else if (data && data.counts && data.votedIndex !== null) {
    const total = data.counts.reduce((sum, n) => sum + n, 0) || 1;
    body = (
      <div>
        {vote.isSuccess && (
          <p role="status" className="mb-3 flex items-center gap-2 text-sm font-medium text-emerald-800">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('homeSections.survey.recorded')}
          </p>
        )}
        <ul aria-label={t('homeSections.survey.results')} className="flex flex-col gap-2.5">
          {data.options.map((option, index) => {
            const count = data.counts?.[index] ?? 0;
            const percent = Math.round((count / total) * 100);
            return (
              <li key={option}>
                <div className="flex justify-between text-sm">
                  <span className={index === data.votedIndex ? 'font-semibold text-slate-900' : 'text-slate-700'}>
                    {t(`homeSections.survey.options.${option}`, { defaultValue: option })}
                    {index === data.votedIndex && <span className="sr-only"> {t('homeSections.survey.yourVote')}</span>}
                  </span>
                  <span className="tabular-nums text-slate-600">
                    {t('homeSections.survey.votes', { count, percent })}
                  </span>
                </div>
                <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className={`h-full rounded-full ${index === data.votedIndex ? 'bg-emerald-600' : 'bg-slate-400'}`}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    );
  } else if (data) {
    body = (
      <div>
        <p id="survey-question" className="mb-3 text-sm text-slate-700">
          {t(`homeSections.survey.questions.${data.question}`, { defaultValue: data.question })}
        </p>
        <div role="group" aria-labelledby="survey-question" className="flex flex-col gap-2">
          {data.options.map((option, index) => (
            <Button
              key={option}
              variant="secondary"
              busy={vote.isPending && vote.variables === index}
              disabled={vote.isPending}
              onClick={() => vote.mutate(index)}
            >
              {t(`homeSections.survey.options.${option}`, { defaultValue: option })}
            </Button>
          ))}
        </div>
        {vote.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errorText(t, vote.error)}
          </p>
        )}
      </div>
    );
  }
  return (
    <HomeSection id="home-survey" title={t('homeSections.survey.title')} icon={BarChart3}>
      {body}
    </HomeSection>
  );
}
