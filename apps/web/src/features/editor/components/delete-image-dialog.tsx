import type { LibraryImageUse, UploadedFile } from '@papo/contract/editor';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { ApiError, errorText } from '../../../lib/api';
import { deleteLibraryImage, editorKeys, useImageUses } from '../api/editor-api';

/**
 * "Excluir imagem" (issue 32): says first where the image is used (an article, a store, the bio, a profile) and then
 * offers no delete; an unused image is deleted with its variants after a confirmation (Cancel is focused first).
 */
export function DeleteImageDialog({ file, onClose, onDeleted }: { file: UploadedFile; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const uses = useImageUses(file.name);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inUse = uses.data ? uses.data.uses.length > 0 : false;
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteLibraryImage(file.name);
      void queryClient.invalidateQueries({ queryKey: editorKeys.uploadsAll });
      onDeleted();
    } catch (failure) {
      // Used since the dialog opened: say where, as when it opens.
      if (failure instanceof ApiError && failure.message === 'image_in_use') void uses.refetch();
      else setError(errorText(t, failure));
      setBusy(false);
    }
  };
  const placeOf = (use: LibraryImageUse) => t(`editor.library.delete.uses.${use.kind}`, { label: use.label });

  let body;
  if (uses.isPending) body = <p role="status" className="mt-2 text-sm text-slate-600">{t('editor.library.delete.checking')}</p>;
  else if (uses.isError) {
    body = (
      <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        {errorText(t, uses.error)}
      </p>
    );
  } else if (inUse) {
    body = (
      <div className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert" data-testid="image-uses">
        <p>{t('editor.library.delete.inUse')}</p>
        <ul className="mt-1 list-disc pl-5">
          {uses.data.uses.map((use) => (
            <li key={`${use.kind}-${use.id}`}>{placeOf(use)}</li>
          ))}
        </ul>
      </div>
    );
  } else body = <p className="mt-2 text-sm text-slate-700">{t('editor.library.delete.text')}</p>;

  return (
    <Dialog role="alertdialog" title={t('editor.library.delete.title')} onClose={onClose} initialFocus={cancelRef} testId="delete-image-dialog">
      <p className="break-all text-xs text-slate-600">{file.name}</p>
      {body}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="secondary" onClick={onClose}>
          {inUse ? t('editor.library.delete.close') : t('editor.library.delete.cancel')}
        </Button>
        {uses.isSuccess && !inUse && (
          <Button variant="danger" busy={busy} onClick={() => void remove()}>
            {t('editor.library.delete.confirm')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
