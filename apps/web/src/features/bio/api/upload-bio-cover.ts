import { staffBioRoutes } from '@papo/contract/browser-routes/bio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, revisionTag } from '../../../lib/api';
import { bioKeys } from './bio-keys';

/** Staff, `POST /api/uploadBioCover`: an entry's picture; the version the screen read goes as If-Match (412 `edit_conflict` when stale, decision 028). */
function uploadBioCover({ form, revision }: { form: FormData; revision: number }) {
  return api(staffBioRoutes.cover, { body: form, ifMatch: revisionTag(revision) });
}

export function useUploadBioCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBioCover,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bioKeys.all }),
  });
}
