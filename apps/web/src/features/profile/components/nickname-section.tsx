import { profileLimits, type Nickname, type UserProfile } from '@papo/contract/profile';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveNickname } from '../api/remove-nickname';
import { useSelectNickname } from '../api/select-nickname';
import { useProfileToast } from '../hooks/use-profile-toast';
import { AddNicknameForm } from './add-nickname-form';
import { cardClass, cardTitle } from './styles';
import { Button } from '../../../components/ui/button';

/** The member's nicknames: choose the one in use (radio), drop the others, register new ones. */
export function NicknameSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const titleId = useId();
  const name = useId();
  const toast = useProfileToast();
  const select = useSelectNickname();
  const remove = useRemoveNickname();
  const username = profile.username.toLowerCase();
  // React state set in the click itself, so the controlled radio never springs back while the query cache
  // delivers the optimistic profile a tick later; cleared once the server has answered.
  const [choiceId, setChoiceId] = useState<number | null>(null);

  const choose = (nickname: Nickname) => {
    setChoiceId(nickname.id);
    select.select(nickname, {
      onSuccess: () => toast.success(t('nicknames.selected', { nickname: nickname.nickname })),
      onError: (error) => toast.failure(error, 'nicknameId'),
      onSettled: () => setChoiceId((current) => (current === nickname.id ? null : current)),
    });
  };

  const drop = (nickname: Nickname) => {
    remove.mutate(nickname, {
      onSuccess: () => toast.success(t('nicknames.removed', { nickname: nickname.nickname })),
      onError: (error) => toast.failure(error),
    });
  };

  return (
    <section aria-labelledby={titleId} className={cardClass}>
      <h2 id={titleId} className={cardTitle}>
        {t('nicknames.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('nicknames.intro', { max: profileLimits.nicknamesPerUser })}</p>
      <fieldset className="mt-4">
        <legend className="sr-only">{t('nicknames.listLabel')}</legend>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {profile.nicknames.map((nickname) => {
            const selected = choiceId === null ? nickname.isSelected || nickname.is_selected : nickname.id === choiceId;
            const removable = !selected && nickname.nickname.toLowerCase() !== username;
            const removing = remove.isPending && remove.variables?.id === nickname.id;
            return (
              <li
                key={nickname.id}
                className="flex min-h-12 items-center gap-3 px-3 py-1.5 has-[:checked]:bg-emerald-50/60"
              >
                <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 py-1.5">
                  <input
                    type="radio"
                    name={name}
                    value={nickname.id}
                    checked={selected}
                    onChange={() => choose(nickname)}
                    className="size-4 shrink-0 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
                  />
                  <span className="truncate font-mono text-sm text-slate-900">{nickname.nickname}</span>
                  {selected && (
                    <span className="shrink-0 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
                      {t('nicknames.current')}
                    </span>
                  )}
                </label>
                {removable && (
                  <Button
                    variant="quiet"
                    size="sm"
                    onClick={() => drop(nickname)}
                    disabled={removing}
                    aria-label={t('nicknames.removeLabel', { nickname: nickname.nickname })}
                    className="text-red-700 hover:bg-red-50"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    <span className="hidden sm:inline" aria-hidden="true">
                      {t('nicknames.remove')}
                    </span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <AddNicknameForm count={profile.nicknames.length} />
    </section>
  );
}
