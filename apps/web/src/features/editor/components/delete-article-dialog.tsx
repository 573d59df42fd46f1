import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/api';
import { useDeleteArticle } from '../api/delete-article';

/**
 * "Excluir artigo": asks first, and says when a store shows the article as its description (the store then
 * shows its own description again). The article and its revisions go; its files stay in the library.
 */
export function DeleteArticleDialog(props: {
  articleId: number;
  title: string;
  linkedStores: string[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteArticle();
  return (
    <ConfirmDialog
      title={t('editor.delete.title')}
      text={t('editor.delete.text', { title: props.title })}
      cancelLabel={t('editor.delete.cancel')}
      confirmLabel={t('editor.delete.confirm')}
      busy={remove.isPending}
      error={remove.isError ? errorText(t, remove.error) : null}
      onConfirm={() => remove.mutate(props.articleId, { onSuccess: props.onDeleted })}
      onCancel={props.onClose}
      testId="delete-article-dialog"
    >
      {props.linkedStores.length > 0 && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="delete-linked">
          {t('editor.delete.linked', { stores: props.linkedStores.join(', '), count: props.linkedStores.length })}
        </p>
      )}
    </ConfirmDialog>
  );
}
