import { Camera } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/ui/file-picker';
import { useUploadProfilePicture } from '../api/upload-profile-picture';
import { useProfileToast } from '../hooks/use-profile-toast';
import { failureText, isInputProblem } from '../lib/failure-text';

/** File types the server decodes; the spec's hint text is shown as written. */
const pictureTypes = 'image/png,image/jpeg,image/gif,image/webp';

/** The change-picture control: the shared file picker (sending at once), the hint text and the reason of a refusal. */
export function PictureUpload() {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const toast = useProfileToast();
  const upload = useUploadProfilePicture();
  const [problem, setProblem] = useState<string | null>(null);

  const send = (file: File) => {
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
      <FilePicker
        id={inputId}
        icon={Camera}
        label={t('profile.picture.change')}
        busyLabel={t('profile.picture.uploading')}
        busy={upload.isPending}
        accept={pictureTypes}
        invalid={problem !== null}
        describedBy={problem ? `${hintId} ${errorId}` : hintId}
        onFiles={([file]) => file && send(file)}
      />
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
