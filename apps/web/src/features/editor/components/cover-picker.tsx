import type { UploadedFile } from '@papo/contract/editor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api';
import { LibraryGrid } from './library-grid';
import { Dialog } from '../../../components/ui/dialog';

/** `Escolher Capa do Artigo`: the library in a dialog; a click sets the cover. */
export function CoverPicker({
  onClose,
  onPick,
}: {
  onClose: () => void;
  onPick: (file: UploadedFile) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog title={t('editor.picker.title')} onClose={onClose} width="max-w-5xl">
      {error && (
        <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <LibraryGrid
        selectLabel={() => t('editor.picker.choose')}
        onSelect={(file) => {
          setError(null);
          onPick(file).catch((e: unknown) => setError(errorText(t, e)));
        }}
      />
    </Dialog>
  );
}
