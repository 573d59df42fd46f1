import type { PreviewLink, PreviewLinkCreated } from '@papo/contract/editor-preview';
import { Copy, Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { errorText } from '../../../lib/api';
import { useCreatePreviewLink } from '../api/create-preview-link';
import { usePreviewLinks } from '../api/get-preview-links';
import { useRevokePreviewLink } from '../api/revoke-preview-link';
import { Button } from '../../../components/ui/button';

/**
 * Preview links of an article (decision 024): a link shows its newest saved text to someone who is not signed in,
 * for a week or until revoked here. A new link's address is shown once (the server keeps only its hash).
 */
export function PreviewLinksDialog({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const links = usePreviewLinks(articleId);
  const createLink = useCreatePreviewLink(articleId);
  const revokeLink = useRevokePreviewLink(articleId);
  const [created, setCreated] = useState<PreviewLinkCreated | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const address = created ? `${window.location.origin}${created.path}` : '';

  const create = () => {
    setError(null);
    createLink.mutate(undefined, {
      onSuccess: (link) => {
        setCreated(link);
        setCopied(false);
      },
      onError: (failure) => setError(errorText(t, failure, 'editor.errors')),
    });
  };
  const revoke = (link: PreviewLink) => {
    setError(null);
    revokeLink.mutate(link.id, {
      onSuccess: () => {
        if (created?.id === link.id) setCreated(null);
      },
      onError: (failure) => setError(errorText(t, failure, 'editor.errors')),
    });
  };

  return (
    <Dialog
      title={t('editor.previewLinks.title')}
      description={t('editor.previewLinks.text')}
      onClose={onClose}
      width="max-w-xl"
      testId="preview-links"
    >
      <div className="space-y-4">
        <Button disabled={createLink.isPending} onClick={create}>
          <Link2 className="size-4" aria-hidden="true" />
          {t('editor.previewLinks.create')}
        </Button>
        {created && (
          <div className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
            <label htmlFor="preview-address" className="block text-sm font-medium text-emerald-950">
              {t('editor.previewLinks.address')}
            </label>
            <div className="flex gap-2">
              <input
                id="preview-address"
                readOnly
                value={address}
                onFocus={(e) => e.target.select()}
                className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
              />
              <Button
                variant="secondary"
                onClick={() => void navigator.clipboard?.writeText(address).then(() => setCopied(true))}
              >
                <Copy className="size-4" aria-hidden="true" />
                {copied ? t('editor.previewLinks.copied') : t('editor.previewLinks.copy')}
              </Button>
            </div>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {links.isPending && <LoadingState />}
        {links.isError && <ErrorState onRetry={() => void links.refetch()} />}
        {links.data && (
          <ul className="divide-y divide-slate-200" aria-label={t('editor.previewLinks.list')}>
            {links.data.links.length === 0 && (
              <li className="py-2 text-sm text-slate-600">{t('editor.previewLinks.none')}</li>
            )}
            {links.data.links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid="preview-link">
                <span className="min-w-0 flex-1 text-slate-700">
                  {t('editor.previewLinks.item', {
                    created: when(link.createdAt),
                    expires: when(link.expiresAt),
                    name: link.createdBy ?? '—',
                  })}
                </span>
                <Button variant="secondary" disabled={revokeLink.isPending} onClick={() => revoke(link)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('editor.previewLinks.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
