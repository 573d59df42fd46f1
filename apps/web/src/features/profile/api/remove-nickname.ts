import { nicknameRoutes } from '@papo/contract/browser-routes/profile';
import type { Nickname } from '@papo/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchUserProfile } from './get-user-profile';

/** `DELETE /api/nicknames/{id}`: drops one of the member's nicknames (never the selected one). */
async function removeNickname(nickname: Nickname): Promise<void> {
  await api(nicknameRoutes.remove, { params: { id: nickname.id } });
}

export function useRemoveNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeNickname,
    onSuccess: (_answer, removed) =>
      patchUserProfile(queryClient, (profile) => ({
        ...profile,
        nicknames: profile.nicknames.filter((nickname) => nickname.id !== removed.id),
      })),
  });
}
