import { Camera, LoaderCircle } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useUploadProfilePicture } from '../api/upload-profile-picture';
import { useProfileToast } from '../hooks/use-profile-toast';
import { failureText, isInputProblem } from '../lib/failure-text';

/** File types the server decodes; the spec's hint text is shown as written. */
const pictureTypes = 'image/png,image/jpeg,image/gif,image/webp';

/** The change-picture control: a file input styled as a button, the hint text and the reason of a refusal. */
export function PictureUpload() {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const toast = useProfileToast();
  const upload = useUploadProfilePicture();
  const [problem, setProblem] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // cleared so choosing the same file again after a failure still fires a change.
    input.value = '';
    if (!file) return;
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => toast.success(t('profile.picture.updated')),
      onError: (error) => {
        if (isInputProblem(error)) setProblem(failureText(t, error, 'profile_picture'));
        else toast.failure(error, 'profile_picture');
      },
    });
  };

  return (
    <div className="mt-3 flex flex-col items-center gap-1.5 sm:items-start">
      <label
        htmlFor={inputId}
        className={clsx(
          'inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600 has-[:focus-visible]:ring-offset-2',
          upload.isPending && 'pointer-events-none opacity-70',
        )}
      >
        {upload.isPending ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Camera className="size-4 text-slate-500" aria-hidden="true" />
        )}
        {upload.isPending ? t('profile.picture.uploading') : t('profile.picture.change')}
        <input
          id={inputId}
          type="file"
          accept={pictureTypes}
          onChange={onChange}
          disabled={upload.isPending}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          aria-invalid={problem ? true : undefined}
          className="sr-only"
        />
      </label>
      <p id={hintId} className="text-xs text-slate-500">
        {t('profile.picture.hint')}
      </p>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
