import { coverHint, coverTypes } from '@papo/contract/editor';
import { storeLimits } from '@papo/contract/stores';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CoverEditor } from '../../../components/cover-editor';
import { PageTitle } from '../../../components/page-title';
import { ApiError, messageText } from '../../../lib/api';
import { uploadSrc } from '../../../lib/images';
import { restoreAlbumRevision } from '../api/restore-album-revision';
import { readAlbum, useAlbum } from '../api/get-album';
import { staffKeys } from '../api/staff-keys';
import { uploadAlbumCover } from '../api/upload-album-cover';
import { PendingChanges } from './pending-changes';
import { AlbumGate, AlbumWizardBar, useAlbumId } from './staff-parts';

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
      <AlbumGate id={id} album={album}>
        {(data) => (
          <>
            <PendingChanges
              album={data}
              revision={data.revision}
              onDone={() => queryClient.invalidateQueries({ queryKey: staffKeys.all })}
            />
            <CoverEditor
              title={data.name}
              currentCover={data.cover ? uploadSrc(data.cover) : null}
              initialDescription={data.description}
              hint={coverHint}
              accept={coverTypes}
              maxDescription={storeLimits.coverDescription}
              shareUrl={`${window.location.origin}/${data.kind === 'course' ? 'courses' : 'shop'}/${data.slug}`}
              onSave={async ({ revision, ...input }) => {
                const saved = await uploadAlbumCover(data.id, input, revision ?? data.revision);
                await queryClient.invalidateQueries({ queryKey: staffKeys.all });
                return saved.revision;
              }}
              // A stale version (someone saved the store since) opens the shared conflict dialog (decision 028).
              conflict={{
                load: () => readAlbum(data.id),
                restore: (revision, current) => restoreAlbumRevision(data.id, revision, current),
                onKeepTheirs: () => void album.refetch(),
              }}
              errorText={(error) => {
                if (!(error instanceof ApiError) || error.message === 'request_failed') return undefined;
                // A refused field says which rule it broke (the description's 255 characters), not only "check the fields".
                const fieldKey = error.errors.description?.[0];
                return messageText(t, fieldKey ?? error.message, 'stores.errors');
              }}
            />
          </>
        )}
      </AlbumGate>
    </div>
  );
}
