import { addNicknameBody, profileLimits } from '@papo/contract/profile';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddNickname } from '../api/add-nickname';
import { useProfileToast } from '../hooks/use-profile-toast';
import { failureText, isInputProblem } from '../lib/failure-text';
import { Button, PendingLabel } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';

const max = profileLimits.nicknamesPerUser;

/** Registers a new nickname; the contract's schema checks it here first, the server decides if it is free. */
export function AddNicknameForm({ count }: { count: number }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddNickname();
  const toast = useProfileToast();
  const full = count >= max;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addNicknameBody.safeParse({ nickname: draft });
    if (!parsed.success) {
      setProblem(t(`profileErrors.${parsed.error.issues[0]?.message ?? 'invalid_nickname'}`));
      return;
    }
    setProblem(null);
    add.mutate(parsed.data.nickname, {
      onSuccess: (added) => {
        setDraft('');
        toast.success(t('nicknames.added', { nickname: added.nickname }));
      },
      onError: (error) => {
        if (isInputProblem(error)) setProblem(failureText(t, error, 'nickname'));
        else toast.failure(error, 'nickname');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('nicknames.addLabel')}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          value={draft}
          onChange={(event) => {
            // an error speaks of what was sent; once the field changes it no longer applies.
            setDraft(event.target.value);
            setProblem(null);
          }}
          disabled={full}
          maxLength={30}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          className={`${inputClass} font-mono disabled:bg-slate-100 sm:max-w-xs`}
        />
        <Button type="submit" disabled={full || add.isPending}>
          <PendingLabel
            pending={add.isPending}
            icon={Plus}
            label={t('nicknames.add')}
            pendingLabel={t('nicknames.adding')}
          />
        </Button>
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-slate-500">
        {full ? t('nicknames.limitReached', { max }) : t('nicknames.addHint')}
      </p>
      {problem && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
