import { profileRoutes, type UserProfile } from '@papo/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchUserProfile } from './get-user-profile';

/** Profile fields changed one at a time, each through its own `POST /api/update-*` call (members-area §7). */
export type ProfileField = 'gender' | 'language' | 'birthday' | 'instagram' | 'youtube' | 'welcomeMessage';

/**
 * Sends one field as JSON; answers the value the server stored (it normalises handles and trims text).
 * NOTE: a gender or language outside the server's list is refused there (400 `invalid_gender`, `invalid_language`).
 */
const updates: Record<ProfileField, (value: string) => Promise<string>> = {
  gender: async (gender) => (await api(profileRoutes.updateGender, { body: { gender } })).gender,
  language: async (language) => (await api(profileRoutes.updateLanguage, { body: { language } })).language,
  birthday: async (birthday) => (await api(profileRoutes.updateBirthday, { body: { birthday } })).birthday,
  instagram: async (instagram) => (await api(profileRoutes.updateInstagram, { body: { instagram } })).instagram,
  youtube: async (youtube) => (await api(profileRoutes.updateYoutube, { body: { youtube } })).youtube,
  welcomeMessage: async (welcomeMessage) =>
    (await api(profileRoutes.updateWelcomeMessage, { body: { welcomeMessage } })).welcomeMessage,
};

/** A mutation for one field; on success the cached profile shows the stored value at once. */
export function useUpdateProfileField(field: ProfileField) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => updates[field](value),
    onSuccess: (stored) => patchUserProfile(queryClient, (profile): UserProfile => ({ ...profile, [field]: stored })),
  });
}
