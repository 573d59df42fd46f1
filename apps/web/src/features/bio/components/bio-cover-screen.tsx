import { bioLimits, bioPhotoSize } from '@papo/contract/bio';
import { coverTypes } from '@papo/contract/editor';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { CoverEditor } from '../../../components/cover-editor';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError, messageText, statusOf } from '../../../lib/api';
import { readBioEntry, useBioEntry } from '../api/get-bio-entry';
import { restoreBioRevision } from '../api/restore-bio-revision';
import { useUploadBioCover } from '../api/upload-bio-cover';
import { uploadSrc } from '../../../lib/images';

/**
 * The bio cover editor `/editor_image_bio/{id}` (public-site §2.6): the one cover editor with the tag
 * read-only, the 600×600 hint, a description of at most 255 characters and the bio's upload call.
 */
export function BioCoverScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const info = useBioEntry(id);
  const upload = useUploadBioCover();

  let body;
  if (info.isPending) body = <LoadingState title={t('bio.cardLoading')} />;
  else if (info.isError) {
    const status = statusOf(info.error);
    if (status === 404 || status === 400) return <NotFound />;
    body = <ErrorState text={t('bioEdit.loadError')} onRetry={() => void info.refetch()} />;
  } else {
    const entry = info.data;
    body = (
      <CoverEditor
        title={entry.tag}
        titleLabel={t('bioCover.tag')}
        currentCover={entry.photoPath ? uploadSrc(entry.photoPath) : null}
        initialDescription={entry.description}
        hint={bioPhotoSize}
        accept={coverTypes}
        maxDescription={bioLimits.description}
        onSave={async ({ file, description, revision }) => {
          const form = new FormData();
          form.set('bio_id', String(entry.id));
          form.set('description', description);
          if (file) form.set('file', file);
          return (await upload.mutateAsync({ form, revision: revision ?? entry.revision })).revision;
        }}
        // A stale version (someone saved the entry since) opens the shared conflict dialog (decision 028).
        conflict={{
          load: async () => {
            const now = await readBioEntry(entry.id);
            return { ...now, cover: now.photoPath };
          },
          restore: (revision, current) => restoreBioRevision(entry.id, revision, current),
          onKeepTheirs: () => void info.refetch(),
        }}
        // a refused file says why (type, size); anything else is the spec's one sentence.
        errorText={(error) =>
          error instanceof ApiError && error.errors.file ? messageText(t, error.message) : t('bioCover.failed')
        }
      />
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <PageTitle title={t('bioCover.title')} />
      <BackLink to={paths.BioEdit}>{t('bioCover.back')}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('bioCover.title')}</h1>
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">{body}</div>
    </div>
  );
}
