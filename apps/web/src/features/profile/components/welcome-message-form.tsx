import { profileLimits } from '@papo/contract/profile';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useUpdateProfileField } from '../api/update-profile-field';
import { useProfileToast } from '../hooks/use-profile-toast';
import { failureText, isInputProblem } from '../lib/failure-text';
import { cardClass, cardTitle } from './styles';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';

const max = profileLimits.welcomeMessage;

/** The welcome message (up to 500 characters) with a live counter and Save. */
export function WelcomeMessageForm({ stored }: { stored: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const counterId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState(stored);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateProfileField('welcomeMessage');
  const toast = useProfileToast();
  const unchanged = draft.trim() === stored;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    update.mutate(draft.trim(), {
      onSuccess: (saved) => {
        setDraft(saved);
        toast.success(t('profile.welcome.saved'));
      },
      onError: (error) => {
        if (isInputProblem(error)) setProblem(failureText(t, error, 'welcomeMessage'));
        else toast.failure(error, 'welcomeMessage');
      },
    });
  };

  return (
    <section aria-labelledby={titleId} className={cardClass}>
      <form onSubmit={submit}>
        <h2 className={cardTitle}>
          <label id={titleId} htmlFor={`${titleId}-input`}>
            {t('profile.welcome.title')}
          </label>
        </h2>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {t('profile.welcome.hint')}
        </p>
        <textarea
          id={`${titleId}-input`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={max}
          rows={4}
          placeholder={t('profile.welcome.placeholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[hintId, counterId, problem ? errorId : null].filter(Boolean).join(' ')}
          className={clsx(inputClass, 'mt-3 resize-y')}
        />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p
            id={counterId}
            className={clsx('text-xs tabular-nums', draft.length >= max ? 'text-red-700' : 'text-slate-500')}
          >
            {t('profile.welcome.counter', { count: draft.length, max })}
          </p>
          <Button type="submit" disabled={update.isPending || unchanged}>
            {update.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
            {t('profile.welcome.save')}
          </Button>
        </div>
        {problem && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}
