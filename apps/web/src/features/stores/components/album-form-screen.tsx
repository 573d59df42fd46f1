import type { AlbumCategory, AlbumDetail } from '@papo/contract/stores';
import { History } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { PageTitle } from '../../../components/page-title';
import { SaveOutcome } from '../../../components/save-outcome';
import { errorText } from '../../../lib/api';
import { HistoryPanel } from '../../../components/history-panel';
import { useAlbum } from '../api/get-album';
import { useAlbumCategories } from '../api/get-album-categories';
import { getAlbumRevision } from '../api/get-album-revision';
import { getAlbumRevisions } from '../api/get-album-revisions';
import { restoreAlbumRevision } from '../api/restore-album-revision';
import { staffKeys } from '../api/staff-keys';
import { useAlbumForm } from '../hooks/use-album-form';
import { storeChangeSummary, storeVersionText } from '../lib/store-history';
import { AlbumConflict, AlbumFields } from './album-form-fields';
import { DescriptionSection } from './album-description';
import { PendingChanges } from './pending-changes';
import { AlbumWizardBar, useAlbumId } from './staff-parts';

/** Step 1 of the album wizard, /albumAdd and /albumAdd/{id} (public-site §2.6 Album add/edit). */
export function AlbumFormScreen() {
  const { t } = useTranslation();
  const id = useAlbumId();
  const album = useAlbum(id);
  // the form waits for the categories too: a store's own category cannot show in the select before they arrive.
  const categories = useAlbumCategories();
  const title = t(id ? 'stores.form.editTitle' : 'stores.form.addTitle');
  return (
    <div className="mx-auto max-w-3xl p-4">
      <PageTitle title={title} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      <AlbumWizardBar id={id} />
      {(id && album.isPending) || categories.isPending ? (
        <LoadingState title={t('stores.loading')} />
      ) : id && album.isError ? (
        <SaveOutcome outcome={{ ok: false, text: errorText(t, album.error) }} />
      ) : categories.isError ? (
        <ErrorState onRetry={() => void categories.refetch()} />
      ) : (
        <AlbumForm key={album.data?.id ?? 'new'} album={album.data ?? null} categories={categories.data} />
      )}
    </div>
  );
}

function AlbumForm({ album, categories }: { album: AlbumDetail | null; categories: AlbumCategory[] }) {
  const { t } = useTranslation();
  const { form, status, conflict, fieldErrors, persist, keepError, keepTheirs } = useAlbumForm(album);
  const [historyOpen, setHistoryOpen] = useState(false);
  const theirs = conflict.theirs;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void persist(form.revision);
  };

  return (
    <>
      {album && <PendingChanges album={album} revision={form.revision} onDone={form.adopt} />}
      <form onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" noValidate={false}>
        <AlbumFields album={album} categories={categories} form={form} errors={fieldErrors} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={status.busy} busyLabel={t('stores.form.saving')}>
            {t(album ? 'stores.form.save' : 'stores.form.add')}
          </Button>
          {album && (
            <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
              <History className="size-4" aria-hidden="true" />
              {t('history.open')}
            </Button>
          )}
        </div>
        <SaveOutcome outcome={status.outcome} />
      </form>
      {album && <DescriptionSection album={album} />}
      {album && historyOpen && (
        <HistoryPanel
          queryKey={staffKeys.revisions(album.id)}
          load={(signal) => getAlbumRevisions(album.id, signal)}
          // The restore names the version this form holds, so it cannot undo a save it has not seen.
          restore={async (row) => {
            form.adopt(await restoreAlbumRevision(album.id, row.id, form.revision));
            setHistoryOpen(false);
            status.setOutcome({ ok: true, text: t('stores.form.restored') });
          }}
          errorSection="stores.errors"
          summary={(row) => storeChangeSummary(t, row)}
          view={async (row, signal) =>
            storeVersionText(t, await getAlbumRevision(album.id, row.id, signal), categories)
          }
          onConflict={() => {
            setHistoryOpen(false);
            void conflict.show();
          }}
          onClose={() => setHistoryOpen(false)}
        />
      )}
      {theirs && (
        <AlbumConflict
          theirs={theirs}
          form={form}
          categories={categories}
          busy={status.busy}
          error={keepError}
          onKeepTheirs={() => void keepTheirs(theirs)}
          onKeepMine={() => {
            conflict.close();
            void persist(theirs.revision);
          }}
        />
      )}
    </>
  );
}
