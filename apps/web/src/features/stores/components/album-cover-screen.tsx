import { coverHint, coverTypes } from '@papo/contract/editor';
import { storeLimits } from '@papo/contract/stores';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CoverEditor } from '../../../components/cover-editor';
import { PageTitle } from '../../../components/page-title';
import { SaveOutcome } from '../../../components/save-outcome';
import { StatePanel } from '../../../components/state-panel';
import { ApiError, errorText, messageText } from '../../../lib/api';
import { uploadSrc } from '../../../lib/images';
import { staffKeys, uploadAlbumCover, useAlbum } from '../api/staff-api';
import { AlbumWizardBar, useAlbumId } from './staff-parts';

/** Step 3 of the album wizard, /albumCover/{id}: the one cover editor with the album's call (1200×630). */
export function AlbumCoverScreen() {
  const { t } = useTranslation();
  const id = useAlbumId();
  const album = useAlbum(id);
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-5xl p-4">
      <PageTitle title={t('stores.wizard.cover')} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('stores.wizard.cover')}</h1>
      <AlbumWizardBar id={id} />
      {album.isPending ? (
        <StatePanel icon={LoaderCircle} spin role="status" title={t('stores.loading')} />
      ) : album.isError ? (
        <SaveOutcome outcome={{ ok: false, text: errorText(t, album.error, 'stores.errors') }} />
      ) : (
        <CoverEditor
          title={album.data.name}
          currentCover={album.data.cover ? uploadSrc(album.data.cover) : null}
          initialDescription={album.data.description}
          hint={coverHint}
          accept={coverTypes}
          maxDescription={storeLimits.coverDescription}
          shareUrl={`${window.location.origin}/${album.data.kind === 'course' ? 'courses' : 'shop'}/${album.data.slug}`}
          onSave={async (input) => {
            // A stale version (someone saved the store since) is refused with 412 and its message; the store is read again.
            await uploadAlbumCover(album.data.id, input, album.data.revision).catch(async (error: unknown) => {
              if (error instanceof ApiError && error.status === 412) await album.refetch();
              throw error;
            });
            await queryClient.invalidateQueries({ queryKey: staffKeys.all });
          }}
          errorText={(error) => {
            if (!(error instanceof ApiError) || error.message === 'request_failed') return undefined;
            // A refused field says which rule it broke (the description's 255 characters), not only "check the fields".
            const fieldKey = error.errors.description?.[0];
            return messageText(t, fieldKey ?? error.message, 'stores.errors');
          }}
        />
      )}
    </div>
  );
}
