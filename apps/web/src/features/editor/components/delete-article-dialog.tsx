import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { apiFetch, errorText } from '../../../lib/api';
import { secondaryButtonClass } from '../lib/classes';

/**
 * "Excluir artigo" (issue 32): asks first, and says when a store shows the article as its description (the store then
 * shows its own description again). The article and its revisions go; its files stay in the library.
 */
export function DeleteArticleDialog(props: { articleId: number; title: string; linkedStores: string[]; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch<void>(`/api/editor/articles/${props.articleId}`, { method: 'DELETE' });
      props.onDeleted();
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  };
  return (
    <Dialog role="alertdialog" title={t('editor.delete.title')} description={t('editor.delete.text', { title: props.title })} onClose={props.onClose} testId="delete-article-dialog">
      {props.linkedStores.length > 0 && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="delete-linked">
          {t('editor.delete.linked', { stores: props.linkedStores.join(', '), count: props.linkedStores.length })}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" autoFocus className={secondaryButtonClass} onClick={props.onClose}>
          {t('editor.delete.cancel')}
        </button>
        <button
          type="button"
          disabled={busy}
          className="rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 disabled:opacity-60"
          onClick={() => void remove()}
        >
          {t('editor.delete.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
