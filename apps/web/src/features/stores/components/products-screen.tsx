import { coverTypes } from '@papo/contract/editor';
import { storeLimits, type AlbumDetail, type StoreItem } from '@papo/contract/stores';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, ImageUp, Link2, LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { PageTitle } from '../../../components/page-title';
import { SaveOutcome } from '../../../components/save-outcome';
import { errorText } from '../../../lib/api';
import { uploadSrc } from '../../../lib/images';
import { useDeleteItem } from '../api/delete-item';
import { useAlbum } from '../api/get-album';
import { saveAffiliateLink } from '../api/save-affiliate-link';
import { useSavePublishState } from '../api/save-publish-state';
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

function Products({ album }: { album: AlbumDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const publishState = useSavePublishState();
  const deleteItem = useDeleteItem();
  const [error, setError] = useState<string | null>(null);
  const [linking, setLinking] = useState<StoreItem | null>(null);
  const [deleting, setDeleting] = useState<StoreItem | null>(null);
  // The switch shows the store's state as the server has it; while a change is on its way, the change (issue 32: a
  // failed save used to leave it showing what was not saved).
  const [switching, setSwitching] = useState<boolean | null>(null);
  const published = switching ?? album.published;
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.all });
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      await refresh();
    } catch (e) {
      setError(errorText(t, e, 'stores.errors'));
    }
  };
  const byPosition = new Map(album.content.map((item) => [item.position, item]));

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
              void run(() => publishState.mutateAsync({ id: album.id, published: next })).finally(() => setSwitching(null));
            }}
          />
          {t('stores.products.published')}
        </label>
      </div>
      <PendingChanges album={album} revision={album.revision} onDone={refresh} />
      {error && <SaveOutcome outcome={{ ok: false, text: error }} />}
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" data-testid="product-slots">
        {Array.from({ length: storeLimits.slots }, (_, position) => {
          const item = byPosition.get(position);
          return (
            <li key={position} className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid={`slot-${position}`}>
              {item ? (
                <FilledSlot item={item} onLink={() => setLinking(item)} onDelete={() => setDeleting(item)} />
              ) : (
                <UploadTile position={position} onFile={(file) => run(() => uploadAlbumPicture(album.id, position, file))} />
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
            await saveAffiliateLink(album.id, linking.position, link);
            await refresh();
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
            void run(() => deleteItem.mutateAsync({ id: album.id, position }));
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}

function UploadTile({ position, onFile }: { position: number; onFile(file: File): Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <label htmlFor={id} className="grid aspect-square cursor-pointer place-items-center bg-slate-50 text-center text-sm text-slate-600 hover:bg-emerald-50 focus-within:ring-2 focus-within:ring-emerald-600">
      <span className="flex flex-col items-center gap-1">
        {busy ? <LoaderCircle className="size-6 animate-spin" aria-hidden="true" /> : <ImageUp className="size-6" aria-hidden="true" />}
        {t('stores.products.upload', { position: position + 1 })}
      </span>
      <input
        id={id}
        type="file"
        accept={coverTypes.join(',')}
        className="sr-only"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          await onFile(file);
          setBusy(false);
        }}
      />
    </label>
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
          <Button size="sm" variant="secondary" onClick={onLink} aria-label={t(item.actionUrl ? 'stores.products.editLink' : 'stores.products.addLink', { position: item.position + 1 })}>
            {item.actionUrl ? <Pencil className="size-4" aria-hidden="true" /> : <Link2 className="size-4" aria-hidden="true" />}
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete} aria-label={t('stores.products.delete', { position: item.position + 1 })}>
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </span>
      </div>
    </div>
  );
}

/** Product name and URL; "Test your URL" opens it in a new tab, then a hint says to fix it here if wrong. */
function LinkDialog({ item, onClose, onSave }: { item: StoreItem; onClose(): void; onSave(link: { actionUrl: string; description: string }): Promise<void> }) {
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
        <FormField label={t('stores.products.productName')} maxLength={storeLimits.productName} value={description} onChange={(e) => setDescription(e.target.value)} />
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
