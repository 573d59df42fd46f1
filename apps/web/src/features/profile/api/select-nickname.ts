import { nicknameRoutes } from '@papo/contract/browser-routes/profile';
import type { Nickname, UserProfile } from '@papo/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { userProfileKey } from './get-user-profile';

/** `POST /api/select-nickname`: makes one of the member's nicknames the one the chat shows. */
async function selectNickname(nickname: Nickname): Promise<void> {
  await api(nicknameRoutes.select, { body: { nicknameId: nickname.id } });
}

function markSelected(profile: UserProfile, id: number): UserProfile {
  const nicknames = profile.nicknames.map((nickname) => {
    const selected = nickname.id === id;
    return { ...nickname, is_selected: selected, isSelected: selected };
  });
  return { ...profile, nicknames };
}

interface Selection {
  nickname: Nickname;
  /** The profile as it was before this choice, put back if the server refuses it. */
  previous: UserProfile | undefined;
}

interface SelectCallbacks {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
}

/**
 * Selecting shows in the list at once, in the same event (a controlled radio must follow the click and
 * the arrow keys), and the calls run one after another so the last choice is the one the server keeps.
 */
export function useSelectNickname() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ nickname }: Selection) => selectNickname(nickname),
    scope: { id: 'select-nickname' },
    onError: (_error, { previous }) => {
      if (previous) queryClient.setQueryData(userProfileKey, previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userProfileKey }),
  });

  const select = (nickname: Nickname, callbacks: SelectCallbacks = {}) => {
    const previous = queryClient.getQueryData<UserProfile>(userProfileKey);
    // a refetch already under way would bring back the old choice; revert: false keeps the new one.
    void queryClient.cancelQueries({ queryKey: userProfileKey }, { revert: false });
    if (previous) queryClient.setQueryData(userProfileKey, markSelected(previous, nickname.id));
    mutation.mutate({ nickname, previous }, callbacks);
  };
  return { select, isPending: mutation.isPending };
}
