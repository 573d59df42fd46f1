import { profileRoutes } from '@papo/contract/browser-routes/profile';
import { profilePictureField, type ProfilePictureAnswer } from '@papo/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { forgetMemberFace } from '../../../lib/member-faces';
import { readSession } from '../../../lib/session';
import { patchUserProfile } from './get-user-profile';

/** `POST /api/upload-profile-picture` with the file in the multipart field `profile_picture`. */
function uploadProfilePicture(file: File): Promise<ProfilePictureAnswer> {
  const form = new FormData();
  form.append(profilePictureField, file);
  return api(profileRoutes.uploadPicture, { body: form });
}

/**
 * Uploads a new picture; the spec reloads the page afterwards, here the cached profile shows the new address and the
 * member's circles (the header's among them) ask for it again.
 */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: ({ imageUrl }) => {
      patchUserProfile(queryClient, (profile) => ({ ...profile, profileImage: imageUrl }));
      const userId = readSession()?.userId;
      if (userId) forgetMemberFace(userId);
    },
  });
}
