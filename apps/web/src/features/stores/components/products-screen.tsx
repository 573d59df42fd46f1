import { coverTypes } from '@papo/contract/editor';
import { storeLimits, type AlbumDetail, type StoreItem } from '@papo/contract/stores';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, ImageUp, Link2, Pencil, Trash2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConflictDialog, type ConflictField } from '../../../components/conflict-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { FilePicker } from '../../../components/ui/file-picker';
import { FormField } from '../../../components/ui/form-field';
import { PageTitle } from '../../../components/page-title';
import { SaveOutcome } from '../../../components/save-outcome';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { errorText } from '../../../lib/api';
import { uploadSrc } from '../../../lib/images';
import { deleteItem } from '../api/delete-item';
import { readAlbum, useAlbum } from '../api/get-album';
import { restoreAlbumRevision } from '../api/restore-album-revision';
import { saveAffiliateLink } from '../api/save-affiliate-link';
import { savePublishState } from '../api/save-publish-state';
import { staffKeys } from '../api/staff-keys';
import { uploadAlbumPicture } from '../api/upload-album-picture';
import { PendingChanges } from './pending-changes';
import { AlbumGate, AlbumWizardBar, useAlbumId } from './staff-parts';

/** Step 2 of the album wizard, /shopEdit/{id} (public-site §2.6 Shop edit, Produtos). */
export function ProductsScreen() {
  const { t } = useTranslation();
  const id = useAlbumId();
  const album = useAlbum(id);
  return (
    <div className="mx-auto max-w-5xl p-4">
      <PageTitle title={t('stores.wizard.products')} />
      <AlbumWizardBar id={id} />
      <AlbumGate id={id} album={album}>
        {(data) => <Products album={data} />}
      </AlbumGate>
    </div>
  );
}

/** A change of the slots or the switch: what the screen sends, and sends again after "keep mine" in a conflict. */
type SlotChange =
  | { kind: 'upload'; position: number; file: File }
  | { kind: 'link'; position: number; link: { actionUrl: string; description: string } }
  | { kind: 'delete'; position: number }
  | { kind: 'publish'; published: boolean };

function Products({ album }: { album: AlbumDetail }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [linking, setLinking] = useState<StoreItem | null>(null);
  const [deleting, setDeleting] = useState<StoreItem | null>(null);
  // The switch shows the store's state as the server has it; while a change is on its way, the change (a failed save
  // leaves it showing what was saved).
  const [switching, setSwitching] = useState<boolean | null>(null);
  const published = switching ?? album.published;
  // The store's version this page holds: every call sends it as If-Match (decision 028), so a change made from a stale
  // page opens the conflict dialog instead of overwriting a colleague's. Each answer carries the version it made.
  const [revision, setRevision] = useState(album.revision);
  useEffect(() => setRevision(album.revision), [album.revision]);
  const conflict = useRecordConflict(() => readAlbum(album.id));
  // The change a conflict interrupted: "keep mine" sends it again on top of their version.
  const [interrupted, setInterrupted] = useState<SlotChange | null>(null);
  const [resending, setResending] = useState(false);
  // What a "keep theirs" did with the change made here (kept in the history), said beside the slots.
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.all });

  const send = (change: SlotChange, version: number) => {
    switch (change.kind) {
      case 'upload':
        return uploadAlbumPicture(album.id, change.position, change.file, version);
      case 'link':
        return saveAffiliateLink(album.id, change.position, change.link, version);
      case 'delete':
        return deleteItem(album.id, change.position, version);
      case 'publish':
        return savePublishState(album.id, change.published, version);
    }
  };
  /** Sends a change; answers whether it was saved (false: refused as stale, the conflict dialog is open). Throws other failures. */
  const apply = async (change: SlotChange, version: number): Promise<boolean> => {
    const saved = await conflict.guard(() => send(change, version));
    if (!saved) {
      setInterrupted(change);
      return false;
    }
    setRevision(saved.revision);
    await refresh();
    return true;
  };
  const run = async (change: SlotChange) => {
    setError(null);
    setNotice(null);
    try {
      await apply(change, revision);
    } catch (e) {
      setError(errorText(t, e, 'stores.errors'));
    }
  };
  /**
   * "Keep theirs": the interrupted change is first saved on top of theirs (a revision in the history), then theirs is
   * restored over it, so nothing done here is lost. The publish switch is a state, not content: it is simply dropped.
   */
  const keepTheirs = async (change: SlotChange, theirs: AlbumDetail) => {
    setResending(true);
    setError(null);
    try {
      let version = theirs.revision;
      if (change.kind !== 'publish') {
        const mine = await send(change, theirs.revision);
        if (mine.revision !== theirs.revision)
          version = (await restoreAlbumRevision(album.id, theirs.revision, mine.revision)).revision;
        const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date());
        setNotice(version !== theirs.revision ? t('conflict.mineKept', { time }) : null);
      }
      setRevision(version);
      // the dialog goes once the page shows their version, never before.
      await refresh();
      conflict.close();
      setInterrupted(null);
    } catch (e) {
      conflict.close();
      setInterrupted(null);
      setError(errorText(t, e, 'stores.errors'));
    } finally {
      setResending(false);
    }
  };
  const byPosition = new Map(album.content.map((item) => [item.position, item]));
  const theirs = conflict.theirs;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{album.name}</h1>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            role="switch"
            className="size-5 accent-emerald-700"
            checked={published}
            disabled={switching !== null}
            onChange={(e) => {
              const next = e.target.checked;
              setSwitching(next);
              void run({ kind: 'publish', published: next }).finally(() => setSwitching(null));
            }}
          />
          {t('stores.products.published')}
        </label>
      </div>
      <PendingChanges album={album} revision={revision} onDone={refresh} />
      {error ? (
        <SaveOutcome outcome={{ ok: false, text: error }} />
      ) : (
        notice && <SaveOutcome outcome={{ ok: true, text: notice }} />
      )}
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" data-testid="product-slots">
        {Array.from({ length: storeLimits.slots }, (_, position) => {
          const item = byPosition.get(position);
          return (
            <li
              key={position}
              className="overflow-hidden rounded-lg border border-slate-200 bg-white"
              data-testid={`slot-${position}`}
            >
              {item ? (
                <FilledSlot item={item} onLink={() => setLinking(item)} onDelete={() => setDeleting(item)} />
              ) : (
                <UploadTile position={position} onFile={(file) => run({ kind: 'upload', position, file })} />
              )}
            </li>
          );
        })}
      </ul>
      {linking && (
        <LinkDialog
          item={linking}
          onClose={() => setLinking(null)}
          onSave={async (link) => {
            // on a conflict the dialog closes and the conflict dialog holds what was typed (keep mine sends it).
            await apply({ kind: 'link', position: linking.position, link }, revision);
            setLinking(null);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('stores.products.deleteTitle')}
          text={t('stores.products.deleteQuestion')}
          confirmLabel={t('stores.products.yesDelete')}
          cancelLabel={t('stores.products.cancel')}
          onConfirm={() => {
            const position = deleting.position;
            setDeleting(null);
            void run({ kind: 'delete', position });
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
      {theirs && interrupted && (
        <ConflictDialog
          theirs={theirs}
          fields={changeFields(t, interrupted, album, theirs)}
          busy={resending}
          keepsMineInHistory={interrupted.kind === 'publish' ? 'seen' : true}
          onKeepTheirs={() => void keepTheirs(interrupted, theirs)}
          onKeepMine={() => {
            setResending(true);
            setError(null);
            void apply(interrupted, theirs.revision)
              .then((saved) => {
                if (saved) {
                  conflict.close();
                  setInterrupted(null);
                }
              })
              .catch((e: unknown) => {
                conflict.close();
                setInterrupted(null);
                setError(errorText(t, e, 'stores.errors'));
              })
              .finally(() => setResending(false));
          }}
        />
      )}
    </>
  );
}

/** What the interrupted change set, beside what their version holds there, and the products of each. */
function changeFields(t: TFunction, change: SlotChange, mine: AlbumDetail, theirs: AlbumDetail): ConflictField[] {
  const yesNo = (on: boolean) => t(on ? 'stores.products.on' : 'stores.products.off');
  const products = (store: AlbumDetail) =>
    store.content.map((item) => item.description || `#${item.position + 1}`).join(', ');
  const list = { label: t('stores.wizard.products'), mine: products(mine), theirs: products(theirs) };
  if (change.kind === 'publish')
    return [
      { label: t('stores.products.published'), mine: yesNo(change.published), theirs: yesNo(theirs.published) },
      list,
    ];
  const slot = theirs.content.find((item) => item.position === change.position);
  const label = t('stores.products.slot', { position: change.position + 1 });
  if (change.kind === 'link') {
    return [
      {
        label: `${label} · ${t('stores.products.productName')}`,
        mine: change.link.description,
        theirs: slot?.description ?? '',
      },
      { label: `${label} · ${t('stores.products.url')}`, mine: change.link.actionUrl, theirs: slot?.actionUrl ?? '' },
      list,
    ];
  }
  const picture = (item: StoreItem | undefined) => item?.url.split('/').pop() ?? t('stores.products.emptySlot');
  return [
    {
      label,
      mine: change.kind === 'upload' ? change.file.name : t('stores.products.emptySlot'),
      theirs: picture(slot),
    },
    list,
  ];
}

/** An empty slot: a picture chosen or dropped on it is sent into it at once. */
function UploadTile({ position, onFile }: { position: number; onFile(file: File): Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    setBusy(true);
    await onFile(file);
    setBusy(false);
  };
  return (
    <FilePicker
      id={id}
      tile
      icon={ImageUp}
      label={t('stores.products.upload', { position: position + 1 })}
      accept={coverTypes.join(',')}
      busy={busy}
      onFiles={([file]) => file && void send(file)}
    />
  );
}

function FilledSlot({ item, onLink, onDelete }: { item: StoreItem; onLink(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <div>
      <img src={uploadSrc(item.thumbnail)} alt={item.description} className="aspect-square w-full object-cover" />
      <div className="flex items-center justify-between gap-1 p-2">
        <span className="truncate text-xs text-slate-700">{item.description || '—'}</span>
        <span className="flex shrink-0 gap-1">
          <Button
            size="sm"
            variant="secondary"
            onClick={onLink}
            aria-label={t(item.actionUrl ? 'stores.products.editLink' : 'stores.products.addLink', {
              position: item.position + 1,
            })}
          >
            {item.actionUrl ? (
              <Pencil className="size-4" aria-hidden="true" />
            ) : (
              <Link2 className="size-4" aria-hidden="true" />
            )}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={onDelete}
            aria-label={t('stores.products.delete', { position: item.position + 1 })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </span>
      </div>
    </div>
  );
}

/** Product name and URL; "Test your URL" opens it in a new tab, then a hint says to fix it here if wrong. */
function LinkDialog({
  item,
  onClose,
  onSave,
}: {
  item: StoreItem;
  onClose(): void;
  onSave(link: { actionUrl: string; description: string }): Promise<void>;
}) {
  const { t } = useTranslation();
  const [description, setDescription] = useState(item.description);
  const [actionUrl, setActionUrl] = useState(item.actionUrl ?? '');
  const [tested, setTested] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSave({ actionUrl: actionUrl.trim(), description: description.trim() });
    } catch (e) {
      setError(errorText(t, e, 'stores.errors'));
      setBusy(false);
    }
  }
  return (
    <Dialog title={t('stores.products.linkTitle')} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        <FormField
          label={t('stores.products.productName')}
          maxLength={storeLimits.productName}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <FormField
          label={t('stores.products.url')}
          required
          type="url"
          maxLength={storeLimits.link}
          value={actionUrl}
          onChange={(e) => setActionUrl(e.target.value)}
          error={error ?? undefined}
          hint={tested ? t('stores.products.fixHint') : undefined}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            disabled={!/^https?:\/\//i.test(actionUrl.trim())}
            onClick={() => {
              window.open(actionUrl.trim(), '_blank', 'noopener');
              setTested(true);
            }}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('stores.products.testUrl')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('stores.products.cancel')}
          </Button>
          <Button type="submit" busy={busy} busyLabel={t('stores.form.saving')}>
            {t('stores.products.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
