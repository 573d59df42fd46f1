import { AlertTriangle, Check, Ellipsis, Eye, History, Link2, Loader2, Send, Trash2, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { editorPaths } from '../../../config/paths';
import type { ArticleSaves, SaveState } from '../hooks/use-article-saves';
import { secondaryButtonClass } from '../lib/classes';
import { formatDateTime } from '../lib/dates';
import { Button, buttonClass } from '../../../components/ui/button';
import { DropdownMenu } from '../../../components/dropdown-menu';

/** The article editor's dialogs that a button of its bar opens. */
export type EditorPanel = 'history' | 'previewLinks' | 'delete';

/**
 * The save state, "Salvar agora" and "Publicar alterações" stay in view under the site's header while a long article
 * scrolls; the body's toolbar stays under them (its offset is this bar's height, set on `root` as --editor-bar).
 */
export function EditorBar({
  root,
  saves,
  title,
  live,
  publishAt,
  onOpen,
}: {
  root: RefObject<HTMLDivElement | null>;
  saves: ArticleSaves;
  title: string;
  live: boolean;
  /** When a draft is due to go live, if it is scheduled. */
  publishAt: string | null;
  onOpen: (panel: EditorPanel) => void;
}) {
  const { t, i18n } = useTranslation();
  const { id, save, dirty, pending } = saves;
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      root.current?.style.setProperty('--editor-bar', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);
  return (
    <div
      ref={bar}
      className="sticky top-16 z-20 -mx-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
      data-testid="editor-bar"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ArticleState live={live} changed={pending || dirty} publishAt={publishAt} language={i18n.language} />
        <SaveStatus state={save} language={i18n.language} waitsForTitle={!title.trim() && dirty} />
      </div>
      <div className="flex flex-wrap gap-2 py-0.5 max-sm:w-full [&>*]:shrink-0 [&>*]:whitespace-nowrap">
        {/* on a phone, saving and publishing stay on the bar and the rest goes under "Mais", so the bar fits. */}
        {id !== null && (
          <div className="contents max-sm:hidden">
            <PanelButtons id={id} onOpen={onOpen} />
          </div>
        )}
        <Button
          variant={live ? 'secondary' : 'primary'}
          className="max-sm:-order-1"
          disabled={!title.trim() || save.kind === 'saving'}
          onClick={() => void saves.persist()}
        >
          {t('editor.saveNow')}
        </Button>
        {live && id !== null && (
          <Button
            className="max-sm:-order-2"
            disabled={!(pending || dirty) || save.kind === 'saving' || save.kind === 'conflict'}
            onClick={() => void saves.publish()}
          >
            <Send className="size-4" aria-hidden="true" />
            {t('editor.publishChanges')}
          </Button>
        )}
        {id !== null && (
          <div className="sm:hidden">
            <MoreMenu id={id} onOpen={onOpen} />
          </div>
        )}
      </div>
    </div>
  );
}

/** The saved article's preview, its preview links, its history and its deletion. */
function PanelButtons({ id, onOpen }: { id: number; onOpen: (panel: EditorPanel) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <a
        href={editorPaths.preview(id)}
        target="_blank"
        rel="noopener"
        className={secondaryButtonClass}
        title={t('editor.previewHint')}
      >
        <Eye className="size-4" aria-hidden="true" />
        {t('editor.preview')}
      </a>
      <Button variant="secondary" onClick={() => onOpen('previewLinks')}>
        <Link2 className="size-4" aria-hidden="true" />
        {t('editor.previewLinks.open')}
      </Button>
      <Button variant="secondary" onClick={() => onOpen('history')}>
        <History className="size-4" aria-hidden="true" />
        {t('history.open')}
      </Button>
      <Button variant="secondary" onClick={() => onOpen('delete')}>
        <Trash2 className="size-4" aria-hidden="true" />
        {t('editor.delete.open')}
      </Button>
    </>
  );
}

/** What the public sees of the article, as Ghost's editor says it: a draft, live (with changes or not), or scheduled. */
function ArticleState({
  live,
  changed,
  publishAt,
  language,
}: {
  live: boolean;
  changed: boolean;
  publishAt: string | null;
  language: string;
}) {
  const { t } = useTranslation();
  const [text, look] = live
    ? changed
      ? [t('editor.state.changed'), 'bg-amber-100 text-amber-900']
      : [t('editor.state.published'), 'bg-emerald-100 text-emerald-900']
    : publishAt
      ? [t('editor.list.scheduled', { date: formatDateTime(publishAt, language) }), 'bg-sky-100 text-sky-900']
      : [t('editor.state.draft'), 'bg-slate-200 text-slate-800'];
  return (
    <span className={`rounded-md px-2 py-0.5 text-xs font-semibold ${look}`} data-testid="article-state">
      {text}
    </span>
  );
}

/** The panel buttons as a menu, for a phone's bar. */
function MoreMenu({ id, onOpen }: { id: number; onOpen: (panel: EditorPanel) => void }) {
  const { t } = useTranslation();
  const glyph = 'size-4 shrink-0 text-slate-500';
  return (
    <DropdownMenu
      align="end"
      triggerClassName={buttonClass({ variant: 'secondary' })}
      trigger={
        <>
          <Ellipsis className="size-4" aria-hidden="true" />
          {t('editor.more')}
        </>
      }
      links={[
        {
          key: 'preview',
          href: editorPaths.preview(id),
          label: t('editor.preview'),
          glyph: <Eye className={glyph} aria-hidden="true" />,
        },
        {
          key: 'previewLinks',
          label: t('editor.previewLinks.open'),
          onSelect: () => onOpen('previewLinks'),
          glyph: <Link2 className={glyph} aria-hidden="true" />,
        },
        {
          key: 'history',
          label: t('history.open'),
          onSelect: () => onOpen('history'),
          glyph: <History className={glyph} aria-hidden="true" />,
        },
        {
          key: 'delete',
          label: t('editor.delete.open'),
          onSelect: () => onOpen('delete'),
          glyph: <Trash2 className={glyph} aria-hidden="true" />,
        },
      ]}
    />
  );
}

/** Where the text stands: being saved, saved at a time, waiting, refused, or to be tried again in a few seconds. */
function SaveStatus({
  state,
  language,
  waitsForTitle,
}: {
  state: SaveState;
  language: string;
  waitsForTitle: boolean;
}) {
  const { t } = useTranslation();
  const time = (at: Date) => new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(at);
  // The countdown of a save waiting to be tried again, a second at a time.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state.kind !== 'retrying') return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state]);
  return (
    <p aria-live="polite" className="inline-flex min-h-6 items-center gap-1.5 text-sm" data-testid="save-status">
      {state.kind === 'saving' && (
        <>
          <Loader2 className="size-4 animate-spin text-slate-500" aria-hidden="true" />
          <span className="text-slate-700">{t('editor.status.saving')}</span>
        </>
      )}
      {state.kind === 'saved' && (
        <>
          <Check className="size-4 text-emerald-700" aria-hidden="true" />
          <span className="text-emerald-800">{t('editor.status.saved', { time: time(state.at) })}</span>
        </>
      )}
      {state.kind === 'published' && (
        <>
          <Check className="size-4 text-emerald-700" aria-hidden="true" />
          <span className="text-emerald-800">{t('editor.status.published', { time: time(state.at) })}</span>
        </>
      )}
      {state.kind === 'dirty' && (
        <span className="text-amber-800">
          {waitsForTitle ? t('editor.status.needsTitle') : t('editor.status.dirty')}
        </span>
      )}
      {state.kind === 'conflict' && <span className="text-amber-800">{t('editor.status.conflict')}</span>}
      {state.kind === 'retrying' && (
        <>
          <WifiOff className="size-4 text-amber-700" aria-hidden="true" />
          <span className="text-amber-800">
            {t('editor.status.retrying', { seconds: Math.max(1, Math.ceil((state.at - now) / 1000)) })}
          </span>
        </>
      )}
      {state.kind === 'error' && (
        <span role="alert" className="inline-flex items-center gap-1.5 text-red-700">
          <AlertTriangle className="size-4" aria-hidden="true" />
          {t('editor.status.refused', { reason: state.text })}
        </span>
      )}
    </p>
  );
}
