import { Extension, Mark, mergeAttributes, Node, type Extensions } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { Fragment, Slice, type Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, Plugin, TextSelection, type Transaction } from '@tiptap/pm/state';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { TableKit } from '@tiptap/extension-table';
import Youtube from '@tiptap/extension-youtube';
import StarterKit from '@tiptap/starter-kit';

/*
 * The article body's document (decision 024): every node the editor can make, and how each is written as
 * HTML the server's one allow-list keeps (apps/server/src/lib/html.ts), so what is saved loads back as the
 * same document. Plain TipTap, no React: the round-trip test builds documents with it.
 */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figure: {
      /** Inserts an image with its alternative text and caption. */
      setFigure: (attrs: { src: string; alt: string; caption: string }) => ReturnType;
      /** Changes the alternative text and caption of the selected image. */
      updateFigure: (attrs: { alt: string; caption: string }) => ReturnType;
    };
    caretAfter: {
      /** Puts the caret after the selected image or video, so the next insertion does not replace it. */
      caretAfterNode: () => ReturnType;
    };
  }
}

/**
 * An inserted image or video is left selected, and whatever is inserted next replaces it (an image followed by a
 * video lost the image). The toolbar's insertions end with this command.
 */
const CaretAfter = Extension.create({
  name: 'caretAfter',
  addCommands() {
    return {
      caretAfterNode:
        () =>
        ({ tr, state, dispatch }) => {
          if (!(tr.selection instanceof NodeSelection) || !dispatch) return true;
          // Into the paragraph after the node, made when there is none (an image or video last in the text).
          const after = tr.selection.to;
          const paragraph = state.schema.nodes.paragraph;
          if (paragraph && !tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, paragraph.create());
          tr.setSelection(TextSelection.create(tr.doc, after + 1));
          return true;
        },
    };
  },
});

/** An element's first descendant matching `selector` (an untyped DOM element: this file is read outside the browser too). */
type Element = {
  querySelector(selector: string): { getAttribute(name: string): string | null; textContent: string | null } | null;
};

/** An image of the body with its alternative text and caption: `<figure><img alt><figcaption>`. */
const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (el: Element) => el.querySelector('img')?.getAttribute('src') ?? null,
        renderHTML: () => ({}),
      },
      alt: {
        default: '',
        parseHTML: (el: Element) => el.querySelector('img')?.getAttribute('alt') ?? '',
        renderHTML: () => ({}),
      },
      caption: {
        default: '',
        parseHTML: (el: Element) => el.querySelector('figcaption')?.textContent?.trim() ?? '',
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [
      { tag: 'figure', getAttrs: (el: Element) => (el.querySelector('img')?.getAttribute('src') ? null : false) },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const attrs = figureAttrs(node.attrs);
    const img = ['img', { src: attrs.src, alt: attrs.alt }] as const;
    return attrs.caption
      ? ['figure', mergeAttributes(HTMLAttributes), img, ['figcaption', {}, attrs.caption]]
      : ['figure', mergeAttributes(HTMLAttributes), img];
  },
  addCommands() {
    return {
      setFigure:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
      updateFigure:
        (attrs) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, attrs),
    };
  },
});

/** Video frame size TipTap writes; the public page makes the frame responsive whatever these say. */
const videoSize = { width: 640, height: 360 } as const;

/**
 * A link whose `rel` and `target` are neither read nor written by the editor. It ends where it was set: text typed
 * after it is plain text (an autolinking link would otherwise grow with every word typed at its end).
 */
const AddressOnlyLink = Link.extend({
  inclusive: false,
  addAttributes() {
    const ignored = { default: null, parseHTML: () => null, renderHTML: () => ({}) };
    return { ...this.parent?.(), target: ignored, rel: ignored };
  },
});

/**
 * A plain text mark of one tag (`sub`, `sup`, `mark`): no attributes, nothing but the tag, toggled by `shortcut`
 * (Google Docs' keys for sub/superscript, Ctrl+Shift+H for the highlight).
 */
function tagMark(name: string, tag: string, shortcut: string) {
  return Mark.create({
    name,
    // subscript and superscript exclude each other, as in every word processor.
    excludes: name === 'subscript' ? 'superscript' : name === 'superscript' ? 'subscript' : undefined,
    parseHTML: () => [{ tag }],
    renderHTML: () => [tag, 0],
    addKeyboardShortcuts() {
      return { [shortcut]: () => this.editor.commands.toggleMark(name) };
    },
  });
}

/** Seconds of a YouTube start time as links write it: `90`, `90s`, `1m30s`, `1h2m3s`; 0 when none or unreadable. */
function startSeconds(value: string | null): number {
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  return parts ? Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0) : 0;
}

/**
 * A YouTube address as the video node keeps it: the watch address of its id and the start time its `t` (or `start`)
 * said. TipTap's own reading drops the time of a `youtu.be/…?t=10` link and keeps `?t=` as part of the id.
 */
function youtubeSource(address: string): { src: string; start: number } | null {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:/i.test(address) ? address : `https://${address.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(?:embed|shorts|live|v)\/([\w-]+)/.exec(url.pathname)?.[1] ?? null);
  }
  if (!id || !/^[\w-]{11}$/.test(id)) return null;
  return {
    src: `https://www.youtube.com/watch?v=${id}`,
    start: startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start')),
  };
}

/** YouTube videos that keep the start time of the address they were made from (a pasted link, the video dialog). */
const YoutubeWithStart = Youtube.extend({
  addProseMirrorPlugins() {
    const type = this.name;
    return [
      ...(this.parent?.() ?? []),
      new Plugin({
        appendTransaction: (transactions, _before, state) => {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          let fix: Transaction | null = null;
          state.doc.descendants((node, pos) => {
            if (node.type.name !== type) return !node.isTextblock;
            const src = textAttr(node.attrs, 'src');
            const read = youtubeSource(src);
            if (!read || (read.src === src && !read.start)) return false;
            fix ??= state.tr;
            fix.setNodeMarkup(pos, undefined, { ...node.attrs, src: read.src, start: read.start || node.attrs.start });
            return false;
          });
          return fix;
        },
      }),
    ];
  },
});

/**
 * A YouTube address pasted alone on an empty line becomes the video, as in Ghost and Notion; pasted among words it
 * stays a link. The link is put in first and the video replaces it in a history step of its own, so Ctrl+Z right after
 * the paste gives the link back. In a paste of several blocks (a page), a line that holds only a YouTube address is
 * the page's video and becomes one at once.
 */
const YoutubeLinkPaste = Extension.create({
  name: 'youtubeLinkPaste',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          transformPasted: (slice) => {
            const youtube = slice.content.firstChild?.type.schema.nodes.youtube;
            if (!youtube || slice.content.childCount < 2) return slice;
            const blocks: PmNode[] = [];
            slice.content.forEach((block) => {
              const text = block.type.name === 'paragraph' ? block.textContent.trim() : '';
              const video = text && !/\s/.test(text) ? youtubeSource(text) : null;
              blocks.push(video ? youtube.create({ src: video.src, start: video.start }) : block);
            });
            return new Slice(Fragment.from(blocks), slice.openStart, slice.openEnd);
          },
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData('text/plain').trim() ?? '';
            const video = text && !/\s/.test(text) ? youtubeSource(text) : null;
            const { schema, selection } = view.state;
            const { $from } = selection;
            const youtube = schema.nodes.youtube;
            const link = schema.marks.link;
            const paragraph = schema.nodes.paragraph;
            if (!video || !youtube || !link || !paragraph || !selection.empty) return false;
            if ($from.depth !== 1 || $from.parent.type !== paragraph || $from.parent.content.size) return false;
            const href = /^[a-z]+:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
            view.dispatch(view.state.tr.replaceSelectionWith(schema.text(text, [link.create({ href })]), false));
            const line = view.state.selection.$from;
            const start = line.before();
            const end = line.after();
            const node = youtube.create({ src: video.src, start: video.start });
            const tr = closeHistory(view.state.tr);
            // The caret goes to the line after the video, made when there is none, as after the toolbar's video.
            const next = tr.doc.resolve(end).nodeAfter;
            tr.replaceWith(start, end, next?.isTextblock ? node : [node, paragraph.create()]);
            tr.setSelection(TextSelection.create(tr.doc, start + node.nodeSize + 1));
            view.dispatch(tr.scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});

/** A text attribute of a node or mark (TipTap types attributes as `any`): '' when absent or not text. */
export function textAttr(attrs: Record<string, unknown>, name: string): string {
  const value = attrs[name];
  return typeof value === 'string' ? value : '';
}

/** A figure's picture, its description and its caption. */
export function figureAttrs(attrs: Record<string, unknown>): { src: string; alt: string; caption: string } {
  return { src: textAttr(attrs, 'src'), alt: textAttr(attrs, 'alt'), caption: textAttr(attrs, 'caption') };
}

/**
 * The body editor's extensions. Links carry only their address: the server decides `rel` and `target`
 * (external links open apart, with `noopener nofollow`), so they are not part of the document.
 */
export function articleExtensions(): Extensions {
  return [
    StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
    AddressOnlyLink.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: null },
    }),
    // Bare images of older articles still load; new ones are figures.
    Image,
    Figure,
    CaretAfter,
    // TipTap's own paste rule is off: it drops a youtu.be start time, and Ctrl+Z could not give the link back.
    YoutubeWithStart.configure({
      nocookie: true,
      controls: true,
      width: videoSize.width,
      height: videoSize.height,
      addPasteHandler: false,
    }),
    YoutubeLinkPaste,
    tagMark('subscript', 'sub', 'Mod-,'),
    tagMark('superscript', 'sup', 'Mod-.'),
    tagMark('highlight', 'mark', 'Mod-Shift-h'),
    // Tables pasted from Docs, Word or a web page stay tables: rows, header and body cells (with their spans) only;
    // column widths are the reader's screen's business, so they are neither resized nor saved.
    TableKit.configure({ table: { resizable: false, renderWrapper: false } }),
  ];
}
