import type { AlbumDetail } from '@papo/contract/stores';
import { CircleDot, Eye, Undo2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SaveOutcome } from '../../../components/save-outcome';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { errorText } from '../../../lib/api';
import { discardAlbumChanges } from '../api/discard-album-changes';
import { readAlbum } from '../api/get-album';
import { publishAlbumChanges } from '../api/publish-album-changes';

type Action = 'publish' | 'discard';

/**
 * A published store's edits wait until published (decision 028): this bar says so ("Alterações não publicadas"), links
 * to the live page, and publishes or (after a question) discards them. Both send the version the screen holds
 * (`revision`); a stale one opens the shared conflict dialog. `onDone` gets the store as saved after either.
 */
export function PendingChanges({
  album,
  revision,
  onDone,
}: {
  album: AlbumDetail;
  revision: number;
  onDone(saved: AlbumDetail): void | Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Action | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Action | null>(null);
  // The action a conflict interrupted: "keep mine" does it again on top of their version.
  const [asked, setAsked] = useState<Action>('publish');
  const conflict = useRecordConflict(() => readAlbum(album.id));
  // Whose version "keep theirs" opened: the version this editor acted on is a revision already, and the bar says so.
  const [kept, setKept] = useState<string | null>(null);

  async function run(action: Action, version: number) {
    setBusy(action);
    setAsked(action);
    setError(null);
    setOutcome(null);
    setKept(null);
    try {
      const saved = await conflict.guard(() =>
        (action === 'publish' ? publishAlbumChanges : discardAlbumChanges)(album.id, version),
      );
      if (!saved) return;
      setOutcome(action);
      await onDone(saved);
    } catch (e) {
      setError(errorText(t, e, 'stores.errors'));
    } finally {
      setBusy(null);
    }
  }

  const theirs = conflict.theirs;
  const livePath = `/${album.kind === 'course' ? 'courses' : 'shop'}/${album.slug}`;
  const products = (store: AlbumDetail) =>
    store.content.map((item) => item.description || `#${item.position + 1}`).join(', ');
  return (
    <>
      {album.pendingChanges ? (
        <section
          aria-labelledby={`pending-${album.id}`}
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="pending-changes"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <h2 id={`pending-${album.id}`} className="flex items-center gap-2 text-sm font-semibold">
                <CircleDot className="size-4 shrink-0" aria-hidden="true" />
                {t('stores.pending.badge')}
              </h2>
              <p className="mt-0.5 text-sm">{t('stores.pending.explain')}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setAsking(true)} disabled={busy !== null}>
                <Undo2 className="size-4" aria-hidden="true" />
                {t('stores.pending.discard')}
              </Button>
              <Button
                size="sm"
                busy={busy === 'publish'}
                busyLabel={t('stores.pending.publishing')}
                disabled={busy !== null}
                onClick={() => void run('publish', revision)}
              >
                <Upload className="size-4" aria-hidden="true" />
                {t('stores.pending.publish')}
              </Button>
            </div>
          </div>
        </section>
      ) : (
        outcome && (
          <p
            role="status"
            className="mb-4 flex flex-wrap items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            data-testid="pending-outcome"
          >
            {t(outcome === 'publish' ? 'stores.pending.published' : 'stores.pending.discarded')}
            {outcome === 'publish' && (
              <a
                href={livePath}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 font-medium underline"
              >
                <Eye className="size-4" aria-hidden="true" />
                {t('stores.pending.view')}
              </a>
            )}
          </p>
        )
      )}
      {error && <SaveOutcome outcome={{ ok: false, text: error }} />}
      {kept && (
        <SaveOutcome testId="pending-kept" outcome={{ ok: true, text: t('conflict.seenKept', { name: kept }) }} />
      )}
      {asking && (
        <ConfirmDialog
          title={t('stores.pending.discardTitle')}
          text={t('stores.pending.discardQuestion')}
          confirmLabel={busy === 'discard' ? t('stores.pending.discarding') : t('stores.pending.yesDiscard')}
          cancelLabel={t('stores.products.cancel')}
          busy={busy === 'discard'}
          onConfirm={() => {
            void run('discard', revision).then(() => setAsking(false));
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {theirs && (
        <ConflictDialog
          theirs={theirs}
          fields={[
            { label: t('stores.form.name'), mine: album.name, theirs: theirs.name },
            { label: t('stores.wizard.products'), mine: products(album), theirs: products(theirs) },
            { label: t('stores.pending.coverText'), mine: album.description, theirs: theirs.description },
          ]}
          busy={busy !== null}
          keepsMineInHistory="seen"
          onKeepTheirs={() => {
            conflict.close();
            setKept(theirs.revisionAuthor ?? t('conflict.unknownAuthor'));
            void onDone(theirs);
          }}
          onKeepMine={() => {
            conflict.close();
            // What is pending now includes their save: publishing (or discarding) it is what this editor asked for.
            if (theirs.pendingChanges) void run(asked, theirs.revision);
            else void onDone(theirs);
          }}
        />
      )}
    </>
  );
}
