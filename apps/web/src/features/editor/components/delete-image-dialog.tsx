import type { LibraryImageUse, UploadedFile } from '@papo/contract/editor';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, errorText } from '../../../lib/api';
import { useDeleteLibraryImage } from '../api/delete-library-image';
import { useImageUses } from '../api/get-image-uses';

/**
 * "Excluir imagem": says first where the image is used (an article, a store, the bio, a profile) and then
 * offers no delete; an unused image is deleted with its variants after a confirmation (Cancel is focused first).
 */
export function DeleteImageDialog({
  file,
  onClose,
  onDeleted,
}: {
  file: UploadedFile;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const uses = useImageUses(file.name);
  const remove = useDeleteLibraryImage();
  const inUse = uses.data ? uses.data.uses.length > 0 : false;
  const confirm = () =>
    remove.mutate(file.name, {
      onSuccess: onDeleted,
      // Used since the dialog opened: say where, as when it opens.
      onError: (failure) => {
        if (failure instanceof ApiError && failure.message === 'image_in_use') void uses.refetch();
      },
    });
  // "in use" is said by the list of uses, not as a failure.
  const failed = remove.isError && !(remove.error instanceof ApiError && remove.error.message === 'image_in_use');
  const placeOf = (use: LibraryImageUse) => t(`editor.library.delete.uses.${use.kind}`, { label: use.label });

  let body;
  if (uses.isPending)
    body = (
      <p role="status" className="mt-2 text-sm text-slate-600">
        {t('editor.library.delete.checking')}
      </p>
    );
  else if (uses.isError) {
    body = (
      <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        {errorText(t, uses.error)}
      </p>
    );
  } else if (inUse) {
    body = (
      <div
        className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        role="alert"
        data-testid="image-uses"
      >
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
    <ConfirmDialog
      title={t('editor.library.delete.title')}
      cancelLabel={inUse ? t('editor.library.delete.close') : t('editor.library.delete.cancel')}
      confirmLabel={t('editor.library.delete.confirm')}
      canConfirm={uses.isSuccess && !inUse}
      busy={remove.isPending}
      error={failed ? errorText(t, remove.error) : null}
      onConfirm={confirm}
      onCancel={onClose}
      testId="delete-image-dialog"
    >
      <p className="break-all text-xs text-slate-600">{file.name}</p>
      {body}
    </ConfirmDialog>
  );
}
