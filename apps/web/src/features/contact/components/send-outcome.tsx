import { useTranslation } from 'react-i18next';

/**
 * The result of the last send. The polite live region is always in the page, so screen readers announce the success
 * when its text appears; a failure is an alert, announced at once.
 */
export function SendOutcome({ sent, failure }: { sent: boolean; failure: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status" aria-live="polite" data-testid="contact-status">
        {sent && (
          <p
            data-testid="contact-sent"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
          >
            {t('contact.sent')}
          </p>
        )}
      </div>
      {failure && (
        <p
          role="alert"
          data-testid="contact-error"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {failure}
        </p>
      )}
    </>
  );
}
