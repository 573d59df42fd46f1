import { nicknameRoutes } from '@papo/contract/browser-routes/profile';
import type { Nickname } from '@papo/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchUserProfile } from './get-user-profile';

/** `POST /api/nicknames`: registers a nickname for the member (not selected). */
async function addNickname(nickname: string): Promise<Nickname> {
  const answer = await api(nicknameRoutes.add, { body: { nickname } });
  return answer.nickname;
}

export function useAddNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNickname,
    onSuccess: (added) =>
      patchUserProfile(queryClient, (profile) => ({ ...profile, nicknames: [...profile.nicknames, added] })),
  });
}
