import { articleLimits } from '@papo/contract/articles';
import { categoryEditInput } from '@papo/contract/editor';
import type { EditorArticle } from '@papo/contract/editor-articles';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { SaveOutcome } from '../../../components/save-outcome';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { ApiError, messageText } from '../../../lib/api';
import { checkFields } from '../../../lib/field-errors';
import { editorKeys } from '../api/editor-keys';
import { useArticleCategories } from '../api/get-article-categories';
import { getEditorArticle } from '../api/get-editor-article';
import { useSaveCategoryStep } from '../api/save-category-step';
import { pageTitleClass } from '../lib/classes';
import { fromLocalInput, toLocalInput } from '../lib/dates';
import { ArticleGate } from './article-gate';
import { EditorSteps } from './editor-steps';
import { useArticleId } from './use-article-id';
import { Button } from '../../../components/ui/button';
import { DateTimeField } from '../../../components/ui/date-time-field';

/** The category step /editor_step2/{id} (public-site §2.6): category, Publicar, É letra de música?, a publish date. */
export function CategoryScreen() {
  const { t } = useTranslation();
  const id = useArticleId();
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title={t('editor.category.title')} />
      <h1 className={`${pageTitleClass} mb-4`}>{t('editor.category.title')}</h1>
      <EditorSteps id={id} />
      <ArticleGate id={id}>{(article) => <CategoryForm article={article} />}</ArticleGate>
    </div>
  );
}

function CategoryForm({ article }: { article: EditorArticle }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const categories = useArticleCategories();
  const { mutateAsync: saveCategoryStep } = useSaveCategoryStep();
  const [category, setCategory] = useState(article.category ? String(article.category) : '');
  const [isPublished, setPublished] = useState(article.isPublished || article.publishAt !== null);
  const [isLyrics, setLyrics] = useState(article.isLyrics);
  const [composer, setComposer] = useState(article.composer ?? '');
  // The schedule as typed: a local time, '' for none, null while the text is no date and time.
  const [publishAt, setPublishAt] = useState<string | null>(toLocalInput(article.publishAt));
  const [checkSchedule, setCheckSchedule] = useState(false);
  const [status, setStatus] = useState<
    { kind: 'saving' } | { kind: 'done'; text: string } | { kind: 'error'; text: string } | null
  >(null);

  // The article's version this step read: sent as If-Match, so the step never publishes text it has not seen.
  const [revision, setRevision] = useState(article.revision);
  const conflict = useRecordConflict(() => getEditorArticle(article.id));

  async function persist(ifRevision: number) {
    if (isPublished && publishAt === null) {
      setCheckSchedule(true);
      setStatus({ kind: 'error', text: t('editor.category.publishAtInvalid') });
      return;
    }
    // an article that is no song has no composer: switching the flag off clears it.
    const input = {
      category: Number(category),
      isPublished,
      isLyrics,
      composer: isLyrics ? composer : '',
      publishAt: isPublished ? fromLocalInput(publishAt ?? '') : '',
    };
    // The contract's check of this step before sending: a category must be chosen, a schedule must be a time.
    // the step goes as form fields, so the check reads the category as the text the form sends.
    const checked = categoryEditInput.safeParse({ ...input, category });
    if (!checked.success) {
      const keys = checkFields(checked.error);
      const text = keys.category
        ? t('editor.category.required')
        : keys.composer
          ? t('editor.category.composerTooLong', { max: articleLimits.composer })
          : messageText(t, Object.values(keys)[0]?.[0] ?? '', 'editor.errors');
      setStatus({ kind: 'error', text });
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      const answer = await conflict.guard(() => saveCategoryStep({ id: article.id, input, revision: ifRevision }));
      if (!answer) return setStatus(null);
      setRevision(answer.revision);
      setStatus({
        kind: 'done',
        text:
          answer.message === 'article_scheduled'
            ? t('editor.category.scheduled')
            : isPublished
              ? t('editor.category.published')
              : t('editor.category.saved'),
      });
      await queryClient.invalidateQueries({ queryKey: editorKeys.all });
    } catch (error) {
      // The spec shows the error code; Papo shows it with the text it stands for.
      const code = error instanceof ApiError ? error.status : 0;
      setStatus({ kind: 'error', text: t('editor.category.failed', { code }) });
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void persist(revision);
  };
  const theirs = conflict.theirs;

  const control =
    'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm';
  return (
    <form
      onSubmit={submit}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      noValidate
    >
      <p className="text-lg font-semibold text-slate-900">{article.title}</p>
      <div>
        <label htmlFor="article-category" className="block text-sm font-medium text-slate-800">
          {t('editor.category.category')}
        </label>
        <select
          id="article-category"
          required
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          className={control}
        >
          <option value="">{t('editor.category.choose')}</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {t(`articles.categories.${c.key}`, { defaultValue: c.name })}
            </option>
          ))}
        </select>
      </div>
      <Toggle
        id="article-published"
        label={t('editor.category.publish')}
        checked={isPublished}
        onChange={(on) => {
          setPublished(on);
          // The field shown again starts empty: text typed before it was hidden is gone.
          if (publishAt === null) setPublishAt('');
        }}
      />
      <Toggle id="article-lyrics" label={t('editor.category.lyrics')} checked={isLyrics} onChange={setLyrics} />
      {isLyrics && (
        <div>
          <label htmlFor="article-composer" className="block text-sm font-medium text-slate-800">
            {t('editor.category.composer')}
          </label>
          <input
            id="article-composer"
            type="text"
            value={composer}
            maxLength={articleLimits.composer}
            onChange={(e) => setComposer(e.target.value)}
            className={control}
            aria-describedby="article-composer-hint"
          />
          <p id="article-composer-hint" className="mt-1 text-xs text-slate-600">
            {t('editor.category.composerHint')}
          </p>
        </div>
      )}
      {isPublished && (
        <DateTimeField
          id="article-publish-at"
          label={t('editor.category.publishAt')}
          hint={t('editor.category.publishAtHint')}
          value={publishAt ?? ''}
          onChange={setPublishAt}
          showError={checkSchedule}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={status?.kind === 'saving'}>
          {status?.kind === 'saving' && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
          {t('editor.category.save')}
        </Button>
        <SaveOutcome
          testId="category-status"
          outcome={
            status?.kind === 'done'
              ? { ok: true, text: status.text }
              : status?.kind === 'error'
                ? { ok: false, text: status.text }
                : null
          }
        />
      </div>
      {theirs && (
        <ConflictDialog
          theirs={theirs}
          fields={[
            { label: t('editor.fields.title'), mine: article.title, theirs: theirs.title },
            { label: t('editor.fields.description'), mine: article.description, theirs: theirs.description },
          ]}
          body={{ label: t('editor.fields.body'), mine: article.content, theirs: theirs.content }}
          busy={status?.kind === 'saving'}
          onKeepTheirs={() => {
            // Their text stays; this step's choices are saved on top of it.
            conflict.close();
            setRevision(theirs.revision);
            void queryClient.invalidateQueries({ queryKey: editorKeys.all });
          }}
          onKeepMine={() => {
            conflict.close();
            void persist(theirs.revision);
          }}
        />
      )}
    </form>
  );
}

function Toggle({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Button
        variant="plain"
        id={id}
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 aria-checked:bg-emerald-700"
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </Button>
    </div>
  );
}
