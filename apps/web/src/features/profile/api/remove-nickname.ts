import type { Nickname } from '@papo/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { patchUserProfile } from './get-user-profile';

/** `DELETE /api/nicknames/{id}`: drops one of the member's nicknames (never the selected one). */
async function removeNickname(nickname: Nickname): Promise<void> {
  await apiFetch(`/api/nicknames/${nickname.id}`, { method: 'DELETE' });
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
