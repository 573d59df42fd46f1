import { CircleAlert, CircleCheck } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** The outcome of a ChanServ action (members-area §2, §8): success in green, failure in red. */
export function ResultDialog({
  tone,
  text,
  onClose,
}: {
  tone: 'success' | 'error';
  text: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <Dialog
      sheet
      title={t('chanserv.resultTitle')}
      onClose={onClose}
      initialFocus={okRef}
      width="max-w-sm"
      testId="result-dialog"
    >
      <p
        role={tone === 'error' ? 'alert' : 'status'}
        data-tone={tone}
        data-testid="result-text"
        className={clsx(
          'flex items-start gap-2 text-sm font-medium',
          tone === 'success' ? 'text-emerald-800' : 'text-red-700',
        )}
      >
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{text}</span>
      </p>
      <div className="mt-5 flex justify-end">
        <Button ref={okRef} onClick={onClose}>
          {t('chanserv.ok')}
        </Button>
      </div>
    </Dialog>
  );
}
