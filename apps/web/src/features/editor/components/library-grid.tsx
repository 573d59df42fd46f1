import type { UploadedFile } from '@papo/contract/editor';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../../../components/ui/state-panel';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { useUploads } from '../api/get-uploads';
import { uploadSrc } from '../../../lib/images';
import { Button } from '../../../components/ui/button';

/**
 * The uploaded images, 20 a page, newest first (public-site §2.6): `Início` above page 1 and
 * `Próxima página` while more exist. `onSelect` receives the clicked image.
 */
export function LibraryGrid({
  onSelect,
  selectLabel,
}: {
  onSelect: (file: UploadedFile) => void;
  selectLabel: (file: UploadedFile) => string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const uploads = useUploads(page);
  const data = uploads.data;

  if (uploads.isPending) return <LoadingState title={t('editor.library.loading')} />;
  if (uploads.isError && !data) {
    return <ErrorState variant="fill" title={t('editor.library.loadError')} onRetry={() => void uploads.refetch()} />;
  }
  if (!data || data.files.length === 0)
    return <StatePanel icon={ImageOff} title={t('editor.library.empty')} text={t('editor.library.emptyText')} />;

  return (
    <div>
      <ul
        aria-busy={uploads.isPlaceholderData}
        className="grid grid-cols-2 gap-3 aria-busy:opacity-60 sm:grid-cols-3 lg:grid-cols-4"
        data-testid="library-grid"
      >
        {data.files.map((file) => (
          <li key={file.name}>
            <Button
              variant="plain"
              onClick={() => onSelect(file)}
              aria-label={selectLabel(file)}
              className="block w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100 hover:border-emerald-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            >
              <img
                src={uploadSrc(file.thumbnail)}
                alt=""
                loading="lazy"
                width={480}
                height={Math.round((480 * file.height) / file.width)}
                className="aspect-[4/3] w-full object-cover"
              />
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap justify-between gap-3">
        {page > 1 ? (
          <Button variant="secondary" onClick={() => setPage(1)}>
            {t('editor.library.first')}
          </Button>
        ) : (
          <span />
        )}
        {data.hasMore && (
          <Button variant="secondary" onClick={() => setPage(page + 1)}>
            {t('editor.library.next')}
          </Button>
        )}
      </div>
    </div>
  );
}
