import type { UploadedFile } from '@papo/contract/editor';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import {
  Bold,
  Heading2,
  Heading3,
  Highlighter,
  ImagePlus,
  Info,
  Italic,
  Link2,
  List,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  Subscript,
  Superscript,
  Undo2,
  X,
  CirclePlay as YoutubeIcon,
} from 'lucide-react';
import type { Node as PmNode } from '@tiptap/pm/model';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { youtubeIdFrom } from '@papo/contract/articles';
import { articleExtensions, figureAttrs, textAttr } from '../lib/extensions';
import { preparePaste, type LeftOutImage, type PasteReport } from '../lib/paste';
import { importLibraryImage } from '../api/import-library-image';
import { errorText } from '../../../lib/api';
import { uploadSrc } from '../../../lib/images';
import { ImageUploader, UploadRows, useImageUploads } from './image-uploader';
import { LibraryGrid } from './library-grid';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';

/**
 * The article body editor (TipTap, decision 015): headings, bold, italic, lists, quotes, links, images
 * from the library or uploaded in place, and YouTube embeds. It lives only in the editor's lazy chunk.
 */
export function RichTextEditor({
  initialHtml,
  onChange,
  labelId,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  labelId: string;
}) {
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  // Image files pasted or dropped into the body, and where they go (a drop's position; a paste's is the cursor).
  const [dropped, setDropped] = useState<{ files: File[]; at: number | null } | null>(null);
  // What the last paste changed or left out, said under the text until the next paste or a dismissal.
  const [pasted, setPasted] = useState<PasteReport | null>(null);
  // Where the last paste began, kept through every later change, so a left-out image goes back where it was.
  const pasteStart = useRef(0);
  // Each paste's notice is a new one (its import rows start over).
  const [pasteCount, setPasteCount] = useState(0);
  const editor = useEditor({
    extensions: articleExtensions(),
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        // Looks like the published article (features/articles article-body), so the writer sees what readers will.
        class:
          'min-h-[18rem] space-y-4 px-4 py-3 text-base leading-relaxed text-slate-800 focus:outline-none [&_a]:font-semibold [&_a]:text-emerald-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-emerald-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_figcaption]:mt-1 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-600 [&_figure.ProseMirror-selectednode_img]:ring-2 [&_figure.ProseMirror-selectednode_img]:ring-emerald-600 [&_hr]:my-6 [&_hr]:border-slate-300 [&_hr.ProseMirror-selectednode]:border-emerald-600 [&_h2]:pt-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:text-lg [&_h3]:font-semibold [&_iframe]:aspect-video [&_iframe]:h-auto [&_iframe]:w-full [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_img.ProseMirror-selectednode]:ring-2 [&_img.ProseMirror-selectednode]:ring-emerald-600 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_.selectedCell]:bg-emerald-50 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1.5 [&_td]:align-top [&_td]:[overflow-wrap:break-word] [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left [&_th]:align-top [&_th]:font-semibold [&_th]:[overflow-wrap:break-word]',
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'editor-body',
      },
      transformPastedHTML: (html, view) => {
        const { html: prepared, report } = preparePaste(html);
        pasteStart.current = view.state.selection.from;
        setPasteCount((n) => n + 1);
        setPasted(report.headings || report.externalImages ? report : null);
        return prepared;
      },
      // Ctrl/Cmd+K opens the link dialog, as in Docs, Word and Ghost.
      handleKeyDown: (_view, event) => {
        if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') return false;
        event.preventDefault();
        setDialog('link');
        return true;
      },
      handlePaste: (_view, event) => {
        const files = imageFilesOf(event.clipboardData);
        if (!files.length) return false;
        setDropped({ files, at: null });
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFilesOf(event.dataTransfer);
        if (!files.length) return false;
        event.preventDefault();
        setDropped({ files, at: view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null });
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    onTransaction: ({ transaction }) => {
      pasteStart.current = transaction.mapping.map(pasteStart.current, -1);
    },
  });

  return (
    <div className="rounded-lg border border-slate-300 bg-white shadow-sm focus-within:ring-2 focus-within:ring-emerald-600">
      <Toolbar editor={editor} onDialog={setDialog} />
      <EditorContent editor={editor} />
      {pasted && (
        <PasteNotice
          key={pasteCount}
          report={pasted}
          editor={editor}
          start={() => pasteStart.current}
          onDismiss={() => setPasted(null)}
          onDescribe={(src) => {
            const at = figurePosition(editor.state.doc, src);
            if (at === null) return;
            editor.chain().focus().setNodeSelection(at).run();
            setDialog('figure');
          }}
        />
      )}
      {dialog === 'link' && <LinkDialog editor={editor} onClose={() => setDialog(null)} />}
      {dialog === 'youtube' && <YoutubeDialog editor={editor} onClose={() => setDialog(null)} />}
      {dialog === 'image' && <ImageDialog editor={editor} onClose={() => setDialog(null)} />}
      {dialog === 'figure' && <FigureDetailsDialog editor={editor} onClose={() => setDialog(null)} />}
      {dropped && (
        <DroppedImagesDialog editor={editor} files={dropped.files} at={dropped.at} onClose={() => setDropped(null)} />
      )}
    </div>
  );
}

/**
 * Where a left-out image goes back: after the block in which `textBefore` characters (whitespace aside) of the text
 * from `start` on are reached, or at `start` when none came before it.
 */
function placeOfLeftOut(doc: PmNode, start: number, textBefore: number): number {
  if (textBefore === 0) return start;
  let seen = 0;
  let place = doc.content.size;
  let found = false;
  doc.forEach((block, offset) => {
    const end = offset + block.nodeSize;
    if (found || end <= start) return;
    seen += doc.textBetween(Math.max(offset, start), end, '').replace(/\s+/g, '').length;
    if (seen >= textBefore) {
      place = end;
      found = true;
    }
  });
  return place;
}

/** Where the figure showing `src` is in the body, or null when the writer has removed it. */
function figurePosition(doc: PmNode, src: string): number | null {
  let found: number | null = null;
  doc.descendants((node, pos) => {
    if (found !== null) return false;
    if (node.type.name === 'figure' && figureAttrs(node.attrs).src === src) found = pos;
    return found === null;
  });
  return found;
}

/** The description of each figure of the body, by its address (the first figure's, should one be shown twice). */
function figureDescriptions(doc: PmNode): Record<string, string> {
  const alts: Record<string, string> = {};
  doc.descendants((node) => {
    if (node.type.name !== 'figure') return true;
    const { src, alt } = figureAttrs(node.attrs);
    if (!(src in alts)) alts[src] = alt;
    return false;
  });
  return alts;
}

/** One left-out image's outcome after "Enviar à biblioteca"; `src` is where a kept one is served from. */
type ImportRow = { image: LeftOutImage; state: 'sending' | 'done' | 'refused'; message?: string; src?: string };

/** What the notice's sentence says of the left-out images: before, during and after "Enviar à biblioteca". */
function leftOutSentence(
  t: TFunction,
  report: PasteReport,
  rows: ImportRow[] | null,
  undescribed: (src: string) => boolean,
) {
  if (!rows) return report.externalImages ? t('editor.body.pastedImages', { count: report.externalImages }) : '';
  const sending = rows.filter((row) => row.state === 'sending').length;
  if (sending) return t('editor.body.importingImages', { count: rows.length });
  const done = rows.filter((row) => row.state === 'done');
  const missing = rows.length - done.length;
  const withoutAlt = done.filter((row) => row.src && undescribed(row.src)).length;
  return [
    missing === 0
      ? t('editor.body.importedAll', { count: done.length })
      : [
          done.length ? t('editor.body.importedSome', { count: done.length }) : '',
          t('editor.body.stillMissing', { count: missing }),
        ],
    withoutAlt ? t('editor.body.importedUndescribed', { count: withoutAlt }) : '',
  ]
    .flat()
    .filter(Boolean)
    .join(' ');
}

/**
 * What the last paste changed: headings moved to the editor's levels, pictures from other sites left out. The
 * server fetches those into the library on request (the browser may not reach other sites: the CSP), and each
 * kept one is put back where it was in the paste; each refused one says why.
 */
function PasteNotice({
  report,
  editor,
  start,
  onDismiss,
  onDescribe,
}: {
  report: PasteReport;
  editor: Editor;
  start: () => number;
  onDismiss: () => void;
  /** Opens the description of the body's figure showing `src`. */
  onDescribe: (src: string) => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const busy = rows?.some((row) => row.state === 'sending') ?? false;
  // The descriptions as the body has them now: a figure described (or removed) after the import is said so at once.
  const descriptions = useEditorState({
    editor,
    selector: ({ editor: e }) => (rows ? figureDescriptions(e.state.doc) : {}),
  });
  // a figure the writer has since removed is no figure to describe.
  const undescribed = (src: string) => descriptions[src]?.trim() === '';
  async function importAll() {
    const images = report.leftOut;
    setRows(images.map((image) => ({ image, state: 'sending' })));
    const kept: { image: LeftOutImage; name: string }[] = [];
    // one at a time: the library's upload limit counts each, and a slow site delays only its own image.
    for (const [index, image] of images.entries()) {
      let row: ImportRow;
      try {
        const { name } = await importLibraryImage(image.src);
        kept.push({ image, name });
        row = { image, state: 'done', src: uploadSrc(name) };
      } catch (error) {
        row = { image, state: 'refused', message: errorText(t, error, 'editor.errors') };
      }
      setRows((all) => all && all.map((old, at) => (at === index ? row : old)));
    }
    // The last first: putting an image in never moves the places of those before it.
    const placed = kept.map((entry) => ({
      ...entry,
      at: placeOfLeftOut(editor.state.doc, start(), entry.image.textBefore),
    }));
    for (const { image, name, at } of placed.reverse()) {
      editor
        .chain()
        .insertContentAt(at, {
          type: 'figure',
          attrs: { src: uploadSrc(name), alt: image.alt, caption: image.caption },
        })
        .run();
    }
  }
  return (
    <div
      role="status"
      className="flex items-start gap-2 border-t border-slate-200 bg-sky-50 px-4 py-2 text-sm text-sky-950"
      data-testid="paste-notice"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <p>
          {[
            report.headings ? t('editor.body.pastedHeadings', { count: report.headings }) : '',
            leftOutSentence(t, report, rows, undescribed),
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
        {report.leftOut.length > 0 && !rows && (
          <Button
            variant="plain"
            onClick={() => void importAll()}
            className="rounded font-semibold text-emerald-800 underline hover:text-emerald-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            {t('editor.body.importLeftOut')}
          </Button>
        )}
        {rows && (
          <ul className="space-y-0.5" aria-label={t('editor.body.importLeftOutList')} aria-busy={busy}>
            {rows.map((row, index) => (
              <li key={index} className={row.state === 'refused' ? 'text-red-800' : undefined}>
                <span className="break-all">{row.image.src}</span>:{' '}
                {row.state === 'sending'
                  ? t('editor.body.importSending')
                  : row.state === 'done'
                    ? t('editor.body.importDone')
                    : row.message}
                {row.src && !busy && descriptions[row.src] !== undefined && (
                  <ImportedDescription
                    alt={descriptions[row.src] ?? ''}
                    onEdit={() => row.src && onDescribe(row.src)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button
        variant="plain"
        onClick={onDismiss}
        className="rounded p-0.5 hover:bg-sky-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        aria-label={t('editor.body.dismissNotice')}
      >
        <X className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

/** An imported image's description as the body has it, and the way to change it (the figure's own dialog). */
function ImportedDescription({ alt, onEdit }: { alt: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const text = alt.trim();
  return (
    <span className="block">
      <span className={text ? undefined : 'font-semibold text-amber-900'}>
        {text ? t('editor.body.importedAlt', { alt: text }) : t('editor.body.importedNoAlt')}
      </span>{' '}
      <Button
        variant="plain"
        onClick={onEdit}
        className="rounded font-semibold text-emerald-800 underline hover:text-emerald-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        {text ? t('editor.body.editImportedAlt') : t('editor.body.describeImported')}
      </Button>
    </span>
  );
}

/** The image files of a paste or a drop. */
function imageFilesOf(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'));
}

/**
 * Image files pasted or dropped into the body: each is uploaded to the library with its progress (the library's
 * uploader), then inserted where it was dropped once its description and caption are given, as from the toolbar.
 */
function DroppedImagesDialog({
  editor,
  files,
  at,
  onClose,
}: {
  editor: Editor;
  files: File[];
  at: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [kept, setKept] = useState<UploadedFile[]>([]);
  const [inserted, setInserted] = useState(0);
  const uploads = useImageUploads((file) => setKept((all) => [...all, file]));
  const started = useRef(false);
  useEffect(() => {
    // once, whatever React's development double effects do: a file is never sent twice.
    if (started.current) return;
    started.current = true;
    void uploads.send(files);
  }, [files, uploads]);
  const next = kept[inserted];
  const done = !uploads.busy && inserted >= kept.length;
  useEffect(() => {
    if (done && kept.length > 0 && uploads.rows.every((row) => row.state === 'done')) onClose();
  }, [done, kept.length, uploads.rows, onClose]);
  return (
    <Dialog
      title={t('editor.body.droppedTitle', { count: files.length })}
      onClose={onClose}
      width="max-w-xl"
      restoreFocus={() => editor.commands.focus()}
    >
      <UploadRows rows={uploads.rows} />
      {next && !uploads.busy && (
        <div className="mt-4">
          <FigureForm
            key={next.name}
            src={uploadSrc(next.name)}
            initial={{ alt: '', caption: '' }}
            submitLabel={t('editor.body.insertImage')}
            onSubmit={(details) => {
              const chain = editor.chain().focus();
              if (inserted === 0 && at !== null) chain.setTextSelection(at);
              chain
                .setFigure({ src: uploadSrc(next.name), ...details })
                .caretAfterNode()
                .run();
              setInserted((n) => n + 1);
            }}
          />
        </div>
      )}
    </Dialog>
  );
}

type Dialogs = 'link' | 'image' | 'figure' | 'youtube';

function Toolbar({ editor, onDialog }: { editor: Editor; onDialog: (d: Dialogs) => void }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      sub: e.isActive('subscript'),
      sup: e.isActive('superscript'),
      highlight: e.isActive('highlight'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      figure: e.isActive('figure'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (
    label: string,
    icon: ReactNode,
    run: () => void,
    pressed?: boolean,
    disabled?: boolean,
    shortcut?: { keys: string; hint: string },
  ) => (
    <Button
      variant="toolbar"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut.hint})` : label}
      aria-keyshortcuts={shortcut?.keys}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={run}
    >
      {icon}
    </Button>
  );
  return (
    <div
      role="toolbar"
      aria-label={t('editor.body.toolbar')}
      className="sticky top-[calc(4rem+var(--editor-bar,0px))] z-10 flex flex-wrap gap-0.5 rounded-t-lg border-b border-slate-200 bg-white p-1"
    >
      {tool(
        t('editor.body.h2'),
        <Heading2 className="size-4" />,
        () => chain().toggleHeading({ level: 2 }).run(),
        state.h2,
      )}
      {tool(
        t('editor.body.h3'),
        <Heading3 className="size-4" />,
        () => chain().toggleHeading({ level: 3 }).run(),
        state.h3,
      )}
      {tool(t('editor.body.bold'), <Bold className="size-4" />, () => chain().toggleBold().run(), state.bold)}
      {tool(t('editor.body.italic'), <Italic className="size-4" />, () => chain().toggleItalic().run(), state.italic)}
      {tool(
        t('editor.body.subscript'),
        <Subscript className="size-4" />,
        () => chain().toggleMark('subscript').run(),
        state.sub,
        undefined,
        { keys: 'Control+, Meta+,', hint: t('editor.body.subscriptShortcut') },
      )}
      {tool(
        t('editor.body.superscript'),
        <Superscript className="size-4" />,
        () => chain().toggleMark('superscript').run(),
        state.sup,
        undefined,
        { keys: 'Control+. Meta+.', hint: t('editor.body.superscriptShortcut') },
      )}
      {tool(
        t('editor.body.highlight'),
        <Highlighter className="size-4" />,
        () => chain().toggleMark('highlight').run(),
        state.highlight,
        undefined,
        { keys: 'Control+Shift+H Meta+Shift+H', hint: t('editor.body.highlightShortcut') },
      )}
      {tool(
        t('editor.body.bullets'),
        <List className="size-4" />,
        () => chain().toggleBulletList().run(),
        state.bullet,
      )}
      {tool(
        t('editor.body.numbers'),
        <ListOrdered className="size-4" />,
        () => chain().toggleOrderedList().run(),
        state.ordered,
      )}
      {tool(t('editor.body.quote'), <Quote className="size-4" />, () => chain().toggleBlockquote().run(), state.quote)}
      {tool(t('editor.body.link'), <Link2 className="size-4" />, () => onDialog('link'), state.link, undefined, {
        keys: 'Control+K Meta+K',
        hint: t('editor.body.linkShortcut'),
      })}
      {/* With an image selected, the image button edits its description and caption. */}
      {tool(
        state.figure ? t('editor.body.imageDetails') : t('editor.body.image'),
        <ImagePlus className="size-4" />,
        () => onDialog(state.figure ? 'figure' : 'image'),
        state.figure,
      )}
      {tool(t('editor.body.youtube'), <YoutubeIcon className="size-4" />, () => onDialog('youtube'))}
      {tool(t('editor.body.rule'), <Minus className="size-4" />, () => chain().setHorizontalRule().run())}
      {tool(t('editor.body.undo'), <Undo2 className="size-4" />, () => chain().undo().run(), undefined, !state.undo)}
      {tool(t('editor.body.redo'), <Redo2 className="size-4" />, () => chain().redo().run(), undefined, !state.redo)}
    </div>
  );
}

// the writer goes on typing in the text, so every dialog of the editor gives the focus (and the
// selection) back to the text when it closes, not to the toolbar button that opened it.
function UrlDialog(props: {
  title: string;
  label: string;
  initial: string;
  error: string | null;
  onSubmit: (value: string) => void;
  onClose: () => void;
  restoreFocus: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(value.trim());
  };
  return (
    <Dialog title={props.title} onClose={props.onClose} width="max-w-3xl" restoreFocus={props.restoreFocus}>
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor="editor-url" className="block text-sm font-medium text-slate-800">
          {props.label}
        </label>
        <input
          id="editor-url"
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? 'editor-url-error' : undefined}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm"
        />
        {props.error && (
          <p id="editor-url-error" className="text-sm text-red-700">
            {props.error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('editor.body.apply')}</Button>
          {props.extra}
        </div>
      </form>
    </Dialog>
  );
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const current = textAttr(editor.getAttributes('link'), 'href');
  return (
    <UrlDialog
      restoreFocus={() => editor.commands.focus()}
      title={t('editor.body.linkTitle')}
      label={t('editor.body.linkLabel')}
      initial={current}
      error={error}
      onClose={onClose}
      onSubmit={(value) => {
        const href = /^(https?:\/\/|mailto:|\/)/i.test(value) ? value : `https://${value}`;
        if (!value || !/^(https?:\/\/[^\s]+\.[^\s]+|mailto:\S+|\/\S*)$/i.test(href)) {
          setError(t('editor.body.linkInvalid'));
          return;
        }
        // A caret in a link changes that link; a selection is linked as selected, so a second link inside a link
        // splits it (the words around keep their address). The caret then goes after the link, so typing on (or
        // Enter) never replaces the linked words.
        const chain = editor.chain().focus();
        (editor.state.selection.empty ? chain.extendMarkRange('link') : chain).setLink({ href }).run();
        editor.commands.setTextSelection(editor.state.selection.to);
        onClose();
      }}
      extra={
        current ? (
          <Button
            variant="dangerQuiet"
            onClick={() => {
              const chain = editor.chain().focus();
              (editor.state.selection.empty ? chain.extendMarkRange('link') : chain).unsetLink().run();
              onClose();
            }}
          >
            {t('editor.body.unlink')}
          </Button>
        ) : undefined
      }
    />
  );
}

function YoutubeDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return (
    <UrlDialog
      restoreFocus={() => editor.commands.focus()}
      title={t('editor.body.youtubeTitle')}
      label={t('editor.body.youtubeLabel')}
      initial=""
      error={error}
      onClose={onClose}
      onSubmit={(value) => {
        const id = youtubeIdFrom(value);
        if (!id) {
          setError(t('editor.errors.invalid_youtube_id'));
          return;
        }
        editor
          .chain()
          .focus()
          .setYoutubeVideo({ src: `https://www.youtube.com/watch?v=${id}` })
          .caretAfterNode()
          .run();
        onClose();
      }}
    />
  );
}

/** Choose or upload an image, then say what it shows and give it a caption. */
function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<UploadedFile | null>(null);
  return (
    <Dialog
      title={t('editor.body.imageTitle')}
      onClose={onClose}
      width={file ? 'max-w-xl' : 'max-w-5xl'}
      restoreFocus={() => editor.commands.focus()}
    >
      {file ? (
        <FigureForm
          src={uploadSrc(file.name)}
          initial={{ alt: '', caption: '' }}
          submitLabel={t('editor.body.insertImage')}
          onSubmit={(details) => {
            editor
              .chain()
              .focus()
              .setFigure({ src: uploadSrc(file.name), ...details })
              .caretAfterNode()
              .run();
            onClose();
          }}
        />
      ) : (
        <ImageChooser onChoose={setFile} />
      )}
    </Dialog>
  );
}

/** The selected image's description and caption. */
function FigureDetailsDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const attrs = figureAttrs(editor.getAttributes('figure'));
  return (
    <Dialog
      title={t('editor.body.imageDetails')}
      onClose={onClose}
      width="max-w-xl"
      restoreFocus={() => editor.commands.focus()}
    >
      <FigureForm
        src={attrs.src}
        initial={{ alt: attrs.alt, caption: attrs.caption }}
        submitLabel={t('editor.body.apply')}
        onSubmit={(details) => {
          editor.chain().focus().updateFigure(details).run();
          onClose();
        }}
      />
    </Dialog>
  );
}

const inputClass =
  'block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm';

function FigureForm(props: {
  src: string;
  initial: { alt: string; caption: string };
  submitLabel: string;
  onSubmit: (details: { alt: string; caption: string }) => void;
}) {
  const { t } = useTranslation();
  const [alt, setAlt] = useState(props.initial.alt);
  const [caption, setCaption] = useState(props.initial.caption);
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // the alternative text is what a blind reader hears instead of the image: asked for every time.
    if (!alt.trim()) {
      setError(true);
      return;
    }
    props.onSubmit({ alt: alt.trim(), caption: caption.trim() });
  };
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="figure-form">
      <img src={props.src} alt="" className="mx-auto max-h-48 rounded-lg" />
      <div>
        <label htmlFor="figure-alt" className="block text-sm font-medium text-slate-800">
          {t('editor.body.altLabel')}
        </label>
        <input
          id="figure-alt"
          autoFocus
          value={alt}
          maxLength={200}
          onChange={(e) => {
            setAlt(e.target.value);
            setError(false);
          }}
          aria-invalid={error || undefined}
          aria-describedby="figure-alt-hint"
          className={`${inputClass} mt-1`}
        />
        <p id="figure-alt-hint" className={error ? 'mt-1 text-sm text-red-700' : 'mt-1 text-xs text-slate-600'}>
          {error ? t('editor.body.altRequired') : t('editor.body.altHint')}
        </p>
      </div>
      <div>
        <label htmlFor="figure-caption" className="block text-sm font-medium text-slate-800">
          {t('editor.body.captionLabel')}
        </label>
        <input
          id="figure-caption"
          value={caption}
          maxLength={300}
          onChange={(e) => setCaption(e.target.value)}
          className={`${inputClass} mt-1`}
        />
      </div>
      <Button type="submit">{props.submitLabel}</Button>
    </form>
  );
}

function ImageChooser({ onChoose }: { onChoose: (file: UploadedFile) => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <ImageUploader onUploaded={onChoose} />
      <LibraryGrid onSelect={onChoose} selectLabel={(file) => t('editor.body.insert', { name: file.name })} />
    </div>
  );
}
