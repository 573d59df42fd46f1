import { profileRoutes } from '@papo/contract/browser-routes/profile';
import type { UserProfile } from '@papo/contract/profile';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

/** Under 'me' so logout drops it with the rest of the member's data. */
export const userProfileKey = ['me', 'userprofile'] as const;

/** `GET /api/userprofile`: every field of the signed-in member's profile. */
function getUserProfile(signal?: AbortSignal): Promise<UserProfile> {
  return api(profileRoutes.profile, { signal });
}

/** Network failures and server errors may pass; a 4xx will answer the same again. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export function useUserProfile() {
  return useQuery({
    queryKey: userProfileKey,
    queryFn: ({ signal }) => getUserProfile(signal),
    retry: (failures, error) => failures < 1 && isTransient(error),
  });
}

/** Applies a change the server confirmed to the cached profile, then refetches it in the background. */
export async function patchUserProfile(
  queryClient: QueryClient,
  patch: (profile: UserProfile) => UserProfile,
): Promise<void> {
  queryClient.setQueryData<UserProfile>(userProfileKey, (profile) => (profile ? patch(profile) : profile));
  await queryClient.invalidateQueries({ queryKey: userProfileKey });
}
