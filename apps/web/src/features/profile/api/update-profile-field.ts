import type { UserProfile } from '@papo/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { patchUserProfile } from './get-user-profile';

/** Profile fields changed one at a time, each through its own `POST /api/update-*` call (members-area §7). */
export type ProfileField = 'gender' | 'language' | 'birthday' | 'instagram' | 'youtube' | 'welcomeMessage';

const endpoints: Record<ProfileField, string> = {
  gender: '/api/update-gender',
  language: '/api/update-language',
  birthday: '/api/update-birthday',
  instagram: '/api/update-instagram',
  youtube: '/api/update-youtube',
  welcomeMessage: '/api/update-welcome-message',
};

/** Sends one field as JSON; answers the value the server stored (it normalises handles and trims text). */
async function updateProfileField(field: ProfileField, value: string): Promise<string> {
  const answer = await apiFetch<Record<string, unknown> | undefined>(endpoints[field], { json: { [field]: value } });
  const stored = answer?.[field];
  return typeof stored === 'string' ? stored : value;
}

/** A mutation for one field; on success the cached profile shows the stored value at once. */
export function useUpdateProfileField(field: ProfileField) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => updateProfileField(field, value),
    onSuccess: (stored) => patchUserProfile(queryClient, (profile): UserProfile => ({ ...profile, [field]: stored })),
  });
}
