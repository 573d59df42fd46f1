import type { UploadedFile } from '@papo/contract/editor';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { editorKeys } from '../api/editor-keys';
import { pageTitleClass } from '../lib/classes';
import { uploadSrc } from '../../../lib/images';
import { ImageUploader } from './image-uploader';
import { LibraryGrid } from './library-grid';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { Trash2 } from 'lucide-react';
import { DeleteImageDialog } from './delete-image-dialog';

/** `Biblioteca de Imagens` at /upload (public-site §2.6): upload with progress, then the `Arquivos` gallery. */
export function ImageLibraryScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<UploadedFile | null>(null);
  const [deleting, setDeleting] = useState<UploadedFile | null>(null);
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <PageTitle title={t('editor.library.title')} />
      <h1 className={pageTitleClass}>{t('editor.library.title')}</h1>
      <ImageUploader onUploaded={() => void queryClient.invalidateQueries({ queryKey: editorKeys.uploadsAll })} />
      <section aria-labelledby="library-files">
        <h2 id="library-files" className="mb-3 text-lg font-semibold text-slate-900">
          {t('editor.library.files')}
        </h2>
        <LibraryGrid onSelect={setOpen} selectLabel={(file) => t('editor.library.open', { name: file.name })} />
      </section>
      {open && (
        <Dialog title={t('editor.library.preview')} onClose={() => setOpen(null)} width="max-w-5xl">
          <img
            src={uploadSrc(open.name)}
            alt=""
            width={open.width}
            height={open.height}
            className="mx-auto max-h-[65dvh] w-auto rounded-lg object-contain"
          />
          <p className="mt-2 break-all text-center text-xs text-slate-600">
            {open.name} · {open.width}×{open.height}
          </p>
          <div className="mt-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setDeleting(open);
                setOpen(null);
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('editor.library.delete.open')}
            </Button>
          </div>
        </Dialog>
      )}
      {deleting && (
        <DeleteImageDialog file={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
      )}
    </div>
  );
}
