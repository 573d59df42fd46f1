import { bioLimits, bioPhotoSize } from '@papo/contract/bio';
import { ArrowLeft, ImageUp, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { StatePanel } from '../../../components/state-panel';
import { paths } from '../../../config/paths';
import { useBioCover, useUploadBioCover } from '../api/bio';
import { ErrorState } from '../../../components/load-state';

/**
 * The bio cover editor `/editor_image_bio/{id}` (public-site §2.6): the tag read-only, an image (600×600
 * recommended, sent only when one was chosen) and its description of at most 255 characters.
 */
export function BioCoverScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const info = useBioCover(id);
  const upload = useUploadBioCover();
  const fileId = useId();
  const descriptionId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  if (info.isPending) return <StatePanel icon={LoaderCircle} spin role="status" title={t('bio.cardLoading')} />;
  if (info.isError) {
    const status = (info.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFound />;
    return (
      <ErrorState text={t('bioEdit.loadError')} onRetry={() => void info.refetch()} />
    );
  }
  const text = description ?? info.data.description;
  const current = preview ?? (info.data.photoPath ? `/uploads/${info.data.photoPath}` : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    form.set('bio_id', String(info.data.id));
    form.set('description', text);
    if (file) form.set('file', file);
    upload.mutate(form, { onSuccess: () => setFile(null) });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <PageTitle title={t('bioCover.title')} />
      <Link to={paths.BioEdit} className="inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-emerald-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('bioCover.back')}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('bioCover.title')}</h1>
      <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <label className="text-sm font-medium text-slate-700">
          {t('bioCover.tag')}
          <input readOnly value={info.data.tag} className="mt-1 block w-full rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-base text-slate-700 sm:text-sm" />
        </label>
        <div>
          <label htmlFor={fileId} className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 hover:border-emerald-500 focus-within:ring-2 focus-within:ring-emerald-600">
            {current ? <img src={current} alt={t('bioCover.preview')} className="aspect-square w-48 rounded-md object-cover" /> : <ImageUp className="size-8 text-slate-400" aria-hidden="true" />}
            <span className="font-semibold text-emerald-800">{t('bioCover.choose')}</span>
            <span>{t('bioCover.hint', { width: bioPhotoSize.width, height: bioPhotoSize.height })}</span>
          </label>
          <input id={fileId} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="sr-only" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <div>
          <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700">
            {t('bioCover.description')}
          </label>
          <textarea id={descriptionId} value={text} maxLength={bioLimits.description} rows={3} onChange={(e) => setDescription(e.target.value)} aria-describedby={`${descriptionId}-count`} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm" />
          <p id={`${descriptionId}-count`} className="mt-1 text-right text-xs tabular-nums text-slate-500">
            {text.length}/{bioLimits.description}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={upload.isPending} busyLabel={t('bioCover.saving')}>
            {t('bioCover.save')}
          </Button>
          {upload.isSuccess && <p role="status" className="text-sm font-medium text-emerald-700">{t('bioCover.saved')}</p>}
          {upload.isError && <p role="alert" className="text-sm font-medium text-red-700">{t('bioCover.failed')}</p>}
        </div>
      </form>
    </div>
  );
}
