import { profileRoutes } from '@papo/contract/browser-routes/profile';
import type { UserProfile } from '@papo/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchUserProfile } from './get-user-profile';

/** Profile fields changed one at a time, each through its own `POST /api/update-*` call (members-area §7). */
export type ProfileField = 'gender' | 'language' | 'birthday' | 'instagram' | 'youtube' | 'welcomeMessage';

/** Sends one field as JSON; answers the value the server stored (it normalises handles and trims text). */
async function updateProfileField(field: ProfileField, value: string): Promise<string> {
  switch (field) {
    case 'gender':
      return (await api(profileRoutes.updateGender, { body: { gender: value } })).gender;
    case 'language':
      return (await api(profileRoutes.updateLanguage, { body: { language: value } })).language;
    case 'birthday':
      return (await api(profileRoutes.updateBirthday, { body: { birthday: value } })).birthday;
    case 'instagram':
      return (await api(profileRoutes.updateInstagram, { body: { instagram: value } })).instagram;
    case 'youtube':
      return (await api(profileRoutes.updateYoutube, { body: { youtube: value } })).youtube;
    case 'welcomeMessage':
      return (await api(profileRoutes.updateWelcomeMessage, { body: { welcomeMessage: value } })).welcomeMessage;
  }
}

/** A mutation for one field; on success the cached profile shows the stored value at once. */
export function useUpdateProfileField(field: ProfileField) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => updateProfileField(field, value),
    onSuccess: (stored) => patchUserProfile(queryClient, (profile): UserProfile => ({ ...profile, [field]: stored })),
  });
}
