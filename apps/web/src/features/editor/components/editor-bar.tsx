import { AlertTriangle, Check, Eye, History, Link2, Loader2, Send, Trash2, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { editorPaths } from '../../../config/paths';
import type { ArticleSaves, SaveState } from '../hooks/use-article-saves';
import { secondaryButtonClass } from '../lib/classes';
import { Button } from '../../../components/ui/button';

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
  onOpen,
}: {
  root: RefObject<HTMLDivElement | null>;
  saves: ArticleSaves;
  title: string;
  live: boolean;
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
      <SaveStatus state={save} language={i18n.language} waitsForTitle={!title.trim() && dirty} />
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 py-0.5 max-sm:w-full sm:flex-wrap [&>*]:shrink-0 [&>*]:whitespace-nowrap">
        {id !== null && <PanelButtons id={id} onOpen={onOpen} />}
        {/* NOTE: on a phone the bar scrolls sideways: saving and publishing come first there, in reach. */}
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
