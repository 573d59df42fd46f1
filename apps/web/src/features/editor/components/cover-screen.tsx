import { articleLimits } from '@papo/contract/articles';
import { coverHint, coverTypes } from '@papo/contract/editor';
import type { EditorArticle } from '@papo/contract/editor-articles';
import { useQueryClient } from '@tanstack/react-query';
import { Images } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { CoverEditor } from '../../../components/cover-editor';
import { PageTitle } from '../../../components/page-title';
import { SaveOutcome } from '../../../components/save-outcome';
import { paths } from '../../../config/paths';
import { ApiError, messageText } from '../../../lib/api';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { editorKeys } from '../api/editor-keys';
import { getEditorArticle } from '../api/get-editor-article';
import { usePickCover } from '../api/pick-cover';
import { restoreArticleRevision } from '../api/restore-article-revision';
import { useUploadCover } from '../api/upload-cover';
import { pageTitleClass } from '../lib/classes';
import { uploadSrc } from '../../../lib/images';
import { ArticleGate } from './article-gate';
import { CoverPicker } from './cover-picker';
import { EditorSteps } from './editor-steps';
import { useArticleId } from './use-article-id';
import { Button } from '../../../components/ui/button';

/** The cover step /editor_image/{id} (public-site §2.6): the shared cover editor with the article's calls. */
export function CoverScreen() {
  const { t } = useTranslation();
  const id = useArticleId();
  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t('editor.cover.title')} />
      <h1 className={`${pageTitleClass} mb-4`}>{t('editor.cover.title')}</h1>
      <EditorSteps id={id} />
      <ArticleGate id={id}>{(article) => <ArticleCover article={article} />}</ArticleGate>
    </div>
  );
}

function ArticleCover({ article }: { article: EditorArticle }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const [pickBusy, setPickBusy] = useState(false);
  const { mutateAsync: uploadCover } = useUploadCover();
  const { mutateAsync: pickCover } = usePickCover();
  // A picture picked from the library on a stale version: the shared conflict dialog, as the cover form's own.
  const pickConflict = useRecordConflict(() => getEditorArticle(article.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: editorKeys.all });
  const shareUrl = `${window.location.origin}${article.isLyrics ? paths.lyrics : paths.blog}/${article.slug}`;
  const [picked, setPicked] = useState<string | null>(null);
  const pick = async (cover: string, revision: number) => {
    setPicked(cover);
    setPickBusy(true);
    try {
      const done = await pickConflict.guard(() => pickCover({ id: article.id, cover, revision }));
      setPicking(false);
      if (done) await refresh();
    } finally {
      setPickBusy(false);
    }
  };
  /** "Keep theirs" after a pick: the picked picture is first saved on top of theirs (kept in the history), then theirs comes back. */
  const [kept, setKept] = useState<{ time?: string; error?: string } | null>(null);
  const keepTheirs = async (cover: string, theirs: EditorArticle) => {
    setPickBusy(true);
    try {
      const mine = await pickCover({ id: article.id, cover, revision: theirs.revision });
      if (mine.revision !== theirs.revision) await restoreArticleRevision(article.id, theirs.revision, mine.revision);
      pickConflict.close();
      await refresh();
      setKept(
        mine.revision !== theirs.revision
          ? { time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date()) }
          : null,
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await pickConflict.show();
      setKept({
        error: error instanceof ApiError ? messageText(t, error.message, 'editor.errors') : t('errors.generic'),
      });
    } finally {
      setPickBusy(false);
    }
  };
  const fileName = (key: string | null) => key?.split('/').pop() ?? t('coverEditor.noCover');
  const theirs = pickConflict.theirs;
  return (
    <>
      <CoverEditor
        title={article.title}
        currentCover={article.cover ? uploadSrc(article.cover) : null}
        initialDescription={article.description}
        hint={coverHint}
        accept={coverTypes}
        maxDescription={articleLimits.description}
        shareUrl={shareUrl}
        onSave={async ({ revision, ...input }) => {
          const saved = await uploadCover({ id: article.id, ...input, revision: revision ?? article.revision });
          await refresh();
          return saved.revision;
        }}
        // A stale version (someone saved the article since) opens the shared conflict dialog; nothing was stored.
        conflict={{
          load: () => getEditorArticle(article.id),
          restore: (revision, current) => restoreArticleRevision(article.id, revision, current),
          onKeepTheirs: () => void refresh(),
        }}
        errorText={(error) =>
          error instanceof ApiError && error.message !== 'request_failed'
            ? messageText(t, error.message, 'editor.errors')
            : undefined
        }
        actions={
          <Button variant="secondary" onClick={() => setPicking(true)}>
            <Images className="size-4" aria-hidden="true" />
            {t('editor.cover.fromLibrary')}
          </Button>
        }
      />
      {kept?.time && <SaveOutcome outcome={{ ok: true, text: t('conflict.mineKept', { time: kept.time }) }} />}
      {picking && (
        <CoverPicker onClose={() => setPicking(false)} onPick={(file) => pick(file.name, article.revision)} />
      )}
      {theirs && picked && (
        <ConflictDialog
          theirs={theirs}
          fields={[{ label: t('coverEditor.picture'), mine: fileName(picked), theirs: fileName(theirs.cover) }]}
          busy={pickBusy}
          keepsMineInHistory
          error={kept?.error}
          onKeepTheirs={() => void keepTheirs(picked, theirs)}
          onKeepMine={() => {
            pickConflict.close();
            void pick(picked, theirs.revision);
          }}
        />
      )}
    </>
  );
}
