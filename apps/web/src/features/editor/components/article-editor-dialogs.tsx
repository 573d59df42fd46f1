import type { EditorArticle } from '@papo/contract/editor-articles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { HistoryPanel } from '../../../components/history-panel';
import { LeaveDialog } from '../../../components/leave-guard';
import { editorPaths, paths } from '../../../config/paths';
import { textBlocks } from '../../../lib/text-blocks';
import { getArticleRevision } from '../api/get-article-revision';
import { articleChangeSummary } from '../lib/article-history';
import { articleRevisions } from '../api/get-article-revisions';
import type { TypedArticle } from '../hooks/use-article-fields';
import type { ArticleSaves } from '../hooks/use-article-saves';
import { DeleteArticleDialog } from './delete-article-dialog';
import type { EditorPanel } from './editor-bar';
import { PreviewLinksDialog } from './preview-links-dialog';

/** The article editor's dialogs: leaving unsaved, the panel the bar opened, and a conflict's choice. */
export function ArticleEditorDialogs({
  article,
  typed,
  saves,
  panel,
  onClose,
}: {
  article: EditorArticle;
  typed: TypedArticle;
  saves: ArticleSaves;
  panel: EditorPanel | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, blocker, theirs } = saves;
  const { title, description, content } = typed;
  return (
    <>
      {blocker.state === 'blocked' && <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />}
      {panel === 'history' && id !== null && (
        <HistoryPanel
          queryKey={articleRevisions.queryKey(id)}
          load={(signal) => articleRevisions.load(id, signal)}
          restore={async (row) => {
            await saves.restore(row.id);
            onClose();
          }}
          viewHref={(row) => editorPaths.preview(id, row.id)}
          summary={(row) => articleChangeSummary(t, row)}
          differences={{
            load: async (row, signal) => {
              const then = await getArticleRevision(id, row.id, signal);
              return [then.title, ...textBlocks(then.content)].join('\n');
            },
            current: () => [title, ...textBlocks(content.current)].join('\n'),
          }}
          errorSection="editor.errors"
          onClose={onClose}
          onConflict={() => {
            onClose();
            void saves.showConflict();
          }}
        />
      )}
      {panel === 'previewLinks' && id !== null && <PreviewLinksDialog articleId={id} onClose={onClose} />}
      {panel === 'delete' && id !== null && (
        <DeleteArticleDialog
          articleId={id}
          title={title || article.title}
          linkedStores={article.linkedStores}
          onClose={onClose}
          onDeleted={() => {
            saves.forget();
            void navigate(paths.editor_articles);
          }}
        />
      )}
      {theirs && (
        <ConflictDialog
          theirs={theirs}
          fields={[
            { label: t('editor.fields.title'), mine: title, theirs: theirs.title },
            { label: t('editor.fields.description'), mine: description, theirs: theirs.description },
          ]}
          body={{ label: t('editor.fields.body'), mine: content.current, theirs: theirs.content }}
          busy={saves.save.kind === 'saving'}
          keepsMineInHistory
          error={saves.keepError}
          onKeepTheirs={() => void saves.keepTheirs()}
          onKeepMine={() => saves.keepMine()}
          onSaveMerged={(html) => void saves.saveMerged(html)}
        />
      )}
    </>
  );
}
