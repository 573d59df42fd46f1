import { articleLimits } from '@papo/contract/articles';
import type { EditorArticle } from '@papo/contract/editor-articles';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { LoadingState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import type { ArticleFields } from '../hooks/use-article-fields';
import type { ArticleSaves } from '../hooks/use-article-saves';

// TipTap and ProseMirror load with the editor only, never with a public page (decision 015).
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** The article's title, address, description, video and body; each change is the saves' to take. */
export function ArticleTextFields({
  article,
  fields: { typed, setTitle, typeSlug, setDescription, setYoutube },
  saves: { fieldErrors, liveSlug, touch },
  live,
}: {
  article: EditorArticle;
  fields: ArticleFields;
  saves: ArticleSaves;
  live: boolean;
}) {
  const { t } = useTranslation();
  const { title, slug, description, youtube } = typed;
  return (
    <>
      <FormField
        id="article-title"
        label={t('editor.fields.title')}
        required
        maxLength={articleLimits.title}
        value={title}
        error={fieldErrors.title}
        onChange={(e) => {
          setTitle(e.target.value);
          touch();
        }}
      />
      <SlugField
        article={article}
        slug={slug}
        live={live}
        liveSlug={liveSlug}
        error={fieldErrors.slug}
        onChange={(value) => {
          typeSlug(value);
          touch();
        }}
      />
      <div>
        <FormField
          id="article-description"
          label={t('editor.fields.description')}
          multiline
          rows={2}
          maxLength={articleLimits.description}
          value={description}
          error={fieldErrors.description}
          onChange={(e) => {
            setDescription(e.target.value);
            touch();
          }}
        />
        <p className="mt-1 text-right text-xs text-slate-600" aria-live="polite">
          {t('coverEditor.counter', { count: description.length, max: articleLimits.description })}
        </p>
      </div>
      <FormField
        id="article-youtube"
        label={t('editor.fields.youtube')}
        value={youtube}
        error={fieldErrors.youtube}
        placeholder="https://www.youtube.com/watch?v=…"
        onChange={(e) => {
          setYoutube(e.target.value);
          touch();
        }}
      />
      <BodyField
        initialHtml={article.content}
        error={fieldErrors.content}
        onChange={(html) => {
          typed.content.current = html;
          touch();
        }}
      />
    </>
  );
}

/** The address: typed, or made from the title; where the public will read it, and the old one that will redirect. */
function SlugField({
  article,
  slug,
  live,
  liveSlug,
  error,
  onChange,
}: {
  article: EditorArticle;
  slug: string;
  live: boolean;
  /** The address the public reads now: a live article's new one goes live with its changes. */
  liveSlug: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const publicUrl = `${window.location.origin}${article.isLyrics ? paths.lyrics : paths.blog}/${slug || '…'}`;
  return (
    <div>
      <FormField
        id="article-slug"
        label={t('editor.fields.slug')}
        value={slug}
        maxLength={articleLimits.slug}
        error={error}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="article-slug-preview"
      />
      <p id="article-slug-preview" className="mt-1 break-all text-xs text-slate-600" data-testid="slug-preview">
        {t('editor.fields.address')} <span className="font-mono text-slate-800">{publicUrl}</span>
      </p>
      {live && liveSlug && slug && slug !== liveSlug && (
        <p className="mt-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="slug-redirect">
          {t('editor.fields.addressRedirects', {
            old: `${article.isLyrics ? paths.lyrics : paths.blog}/${liveSlug}`,
          })}
        </p>
      )}
    </div>
  );
}

/** The body, in the rich text editor (loaded on demand), with its error under it. */
function BodyField({
  initialHtml,
  error,
  onChange,
}: {
  initialHtml: string;
  error: string | undefined;
  onChange: (html: string) => void;
}) {
  const { t } = useTranslation();
  // The body's error sits under the body, far below the top in a long article: it is brought into view when said.
  const bodyError = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) bodyError.current?.scrollIntoView?.({ block: 'center' });
  }, [error]);
  return (
    <div>
      <p id="article-body-label" className="mb-1.5 block text-sm font-medium text-slate-800">
        {t('editor.fields.body')}
      </p>
      <Suspense fallback={<LoadingState variant="card" title={t('editor.body.loading')} />}>
        <RichTextEditor labelId="article-body-label" initialHtml={initialHtml} onChange={onChange} />
      </Suspense>
      {error && (
        <p
          id="article-body-error"
          ref={bodyError}
          role="alert"
          className="mt-1.5 scroll-mt-32 text-sm text-red-700"
          data-testid="body-error"
        >
          {error}
        </p>
      )}
    </div>
  );
}
