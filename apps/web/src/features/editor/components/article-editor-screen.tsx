import type { EditorArticle } from '@papo/contract/editor-articles';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { editorPaths, paths } from '../../../config/paths';
import { editorKeys } from '../api/editor-keys';
import { useArticleFields } from '../hooks/use-article-fields';
import { useArticleSaves, type ReloadOptions } from '../hooks/use-article-saves';
import { pageTitleClass } from '../lib/classes';
import { emptyArticle } from '../lib/empty-article';
import { ArticleEditorDialogs } from './article-editor-dialogs';
import { ArticleGate } from './article-gate';
import { ArticleTextFields } from './article-text-fields';
import { EditorBar, type EditorPanel } from './editor-bar';
import { EditorSteps } from './editor-steps';
import { LocalDraftOffer } from './local-draft-offer';
import { useArticleId } from './use-article-id';
import { Button } from '../../../components/ui/button';

/** The article editor at /editor (new) and /editor/{id}. */
export function ArticleEditorScreen() {
  const { t } = useTranslation();
  const id = useArticleId();
  const { pathname } = useLocation();
  const isNew = id === null && pathname === paths.editor;
  const queryClient = useQueryClient();
  // Another text loaded in place of the one being edited (a restore, "keep theirs"): the form starts again from it.
  const [reloaded, setReloaded] = useState<({ article: EditorArticle; count: number } & ReloadOptions) | null>(null);
  const reload = (article: EditorArticle, options: ReloadOptions = {}) => {
    // a text brought back from the browser is not the server's: the cache keeps the server's article.
    if (!options.recovered) queryClient.setQueryData(editorKeys.article(article.id), article);
    setReloaded((current) => ({ article, count: (current?.count ?? 0) + 1, ...options }));
  };
  return (
    <div className="mx-auto max-w-4xl">
      <PageTitle title={t('editor.title')} />
      <h1 className={`${pageTitleClass} mb-4`}>{t('editor.title')}</h1>
      <EditorSteps id={id} />
      {/* One tree for both routes, so the form survives the move from /editor to /editor/{id} after the first save. */}
      <ArticleGate id={id} fresh={isNew ? emptyArticle : undefined}>
        {(loaded) => {
          const article = reloaded?.article.id === loaded.id ? reloaded.article : loaded;
          const options = reloaded?.article.id === loaded.id ? reloaded : undefined;
          return (
            <EditorForm
              key={reloaded?.count ?? 0}
              article={article}
              notice={options?.notice}
              recovered={options?.recovered ?? false}
              onReload={reload}
            />
          );
        }}
      </ArticleGate>
    </div>
  );
}

/** The article's texts: the bar with the save state, a draft kept in the browser, the fields, the dialogs. */
function EditorForm({
  article,
  notice,
  recovered,
  onReload,
}: {
  article: EditorArticle;
  notice?: string;
  recovered: boolean;
  onReload: (article: EditorArticle, options?: ReloadOptions) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fields = useArticleFields(article);
  const saves = useArticleSaves({ article, recovered, typed: fields.typed, onReload });
  const { id, save, dirty, pending } = saves;
  const [panel, setPanel] = useState<EditorPanel | null>(null);
  const live = article.isPublished;
  const root = useRef<HTMLDivElement>(null);
  return (
    <div ref={root} className="space-y-5">
      <EditorBar
        root={root}
        saves={saves}
        title={fields.typed.title}
        live={live}
        publishAt={article.publishAt}
        onOpen={setPanel}
      />
      <LocalDraftOffer article={article} recovered={recovered} onReload={onReload} />
      {notice && (
        <p role="status" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="editor-notice">
          {notice}
        </p>
      )}
      {live && (
        <p
          className={
            pending || dirty
              ? 'rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900'
              : 'rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
          }
          data-testid="live-state"
        >
          {pending || dirty ? t('editor.liveWithChanges') : t('editor.liveUpToDate')}
        </p>
      )}
      <ArticleTextFields article={article} fields={fields} saves={saves} live={live} />
      {id !== null && (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            onClick={() => void saves.saveIfUnsaved().then((saved) => saved && navigate(editorPaths.category(id)))}
            disabled={save.kind === 'saving'}
          >
            {t('editor.next')}
          </Button>
        </div>
      )}
      <ArticleEditorDialogs
        article={article}
        typed={fields.typed}
        saves={saves}
        panel={panel}
        onClose={() => setPanel(null)}
      />
    </div>
  );
}
