/** What a paste changed that the writer should hear about (said in one line under the editor). */
export interface PasteReport {
  /** Headings moved to a level the editor has (H1 → H2, H4–H6 → H3). */
  headings: number;
  /** Images from other sites left out (the body shows only pictures of the library). */
  externalImages: number;
  /** Each of them, to be fetched into the library and put back where it was. */
  leftOut: LeftOutImage[];
}

/** An image left out of a paste: its address and text, and how many characters of pasted text came before it. */
export interface LeftOutImage {
  src: string;
  alt: string;
  caption: string;
  textBefore: number;
}

/** The levels of heading the article body has (its toolbar's H2 and H3). */
const topHeading = 'h2';
const lowestHeading = 'h3';

/**
 * Prepares pasted HTML for the editor, whatever its source: what readers did not see (hidden text, form controls)
 * goes; headings move to the levels the editor has rather than becoming paragraphs; a code block keeps its line
 * breaks; pictures from other sites are left out and counted (the server keeps only the library's). Clipboard HTML
 * of Google Docs and Word is then cleaned into the editor's structure (`cleanOfficeHtml`).
 */
export function preparePaste(html: string): { html: string; report: PasteReport } {
  const report: PasteReport = { headings: 0, externalImages: 0, leftOut: [] };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  body.querySelectorAll('[hidden], [style*="display"], [style*="visibility"]').forEach((el) => {
    if (el.hasAttribute('hidden') || /display:\s*none|visibility:\s*hidden/i.test(el.getAttribute('style') ?? ''))
      el.remove();
  });
  body
    .querySelectorAll('button, input, select, textarea, option, datalist, output, meter, progress')
    .forEach((el) => el.remove());
  body.querySelectorAll('form, fieldset, label, legend').forEach(unwrap);
  body.querySelectorAll('h1, h4, h5, h6').forEach((el) => {
    report.headings += 1;
    renameKeeping(el, el.tagName === 'H1' ? topHeading : lowestHeading);
  });
  // A code block's lines: a `<br>` inside it is a line break of its text.
  body.querySelectorAll('pre br').forEach((br) => br.replaceWith(doc.createTextNode('\n')));
  body.querySelectorAll('img').forEach((img) => {
    if (isLibraryImage(img.getAttribute('src') ?? '')) return;
    report.externalImages += 1;
    const figure = img.closest('figure');
    const before = doc.createRange();
    before.setStart(body, 0);
    before.setEndBefore(figure ?? img);
    report.leftOut.push({
      src: new URL(img.getAttribute('src') ?? '', window.location.origin).href,
      // what the other site said the picture shows; its title when it gave no alternative text (Docs and Word
      // keep a picture's description there). Nothing is invented: without either the writer is asked for one.
      alt: img.getAttribute('alt')?.trim() || img.getAttribute('title')?.trim() || '',
      caption: figure?.querySelector('figcaption')?.textContent?.trim() ?? '',
      // whitespace between blocks is not text of the editor; counting only the rest keeps the place close.
      textBefore: before.toString().replace(/\s+/g, '').length,
    });
    const box = (figure ?? img).parentElement;
    (figure ?? img).remove();
    // A paragraph that held only the image would stay as an empty line where it was.
    if (box?.tagName === 'P' && !box.textContent?.trim() && box.children.length === 0) box.remove();
  });
  const prepared = body.innerHTML;
  return { html: isOfficeHtml(prepared) ? cleanOfficeHtml(prepared) : prepared, report };
}

/** An image of the site's own library (`/uploads/…`, written relative or on this origin). */
function isLibraryImage(src: string): boolean {
  try {
    const url = new URL(src, window.location.origin);
    return url.origin === window.location.origin && url.pathname.startsWith('/uploads/');
  } catch {
    return false;
  }
}

/** Whether pasted HTML carries the marks of Google Docs, Word or inline styles, which `cleanOfficeHtml` removes. */
function isOfficeHtml(html: string): boolean {
  return /docs-internal-guid|class="?Mso|mso-|<o:p|style=/i.test(html);
}

/** The pasted HTML as the editor takes it (the editor's `transformPastedHTML`, without the report). */
export function cleanPastedHtml(html: string): string {
  return preparePaste(html).html;
}

/**
 * Cleans HTML pasted from Google Docs and Word into the editor's structure: headings, paragraphs, lists,
 * links, bold and italic only where the text is bold or italic, and every style, class and wrapper dropped.
 *
 * - Google Docs wraps the whole clipboard in `<b style="font-weight:normal" id="docs-internal-guid-…">` (which made
 *   everything bold) and writes bold and italic as `font-weight:700` / `font-style:italic` on spans; its list items
 *   hold a `<p role="presentation">`; links may go through `google.com/url?q=`.
 * - Word writes list items as paragraphs (`MsoListParagraph…`, `mso-list:l0 level1`) whose bullet or number is text
 *   in a `mso-list:Ignore` span, and adds `<o:p>`, conditional comments and `mso-` styles.
 * - Tables stay tables (the editor's table node): rows and cells with their spans, each cell's paragraphs and
 *   formatting; column widths, borders and every style go.
 */
function cleanOfficeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  body
    .querySelectorAll('o\\:p, style, meta, link, xml, title, script, br.Apple-interchange-newline')
    .forEach((el) => el.remove());
  removeComments(body);
  // Docs' wrapper and any other "bold" that says it is not.
  body.querySelectorAll('b, strong').forEach((el) => {
    if (/^docs-internal-guid/.test(el.id) || /font-weight:\s*(normal|[1-4]00)\b/i.test(el.getAttribute('style') ?? ''))
      unwrap(el);
  });
  wordLists(doc);
  // Docs: a list item's paragraph, and layout wrappers, are only boxes.
  body.querySelectorAll('li > p').forEach(unwrap);
  body.querySelectorAll('div, font').forEach(unwrap);
  cleanTables(doc);
  styledFormatting(doc);
  body.querySelectorAll('b').forEach((el) => rename(el, 'strong'));
  body.querySelectorAll('i').forEach((el) => rename(el, 'em'));
  // A heading is bold already.
  body.querySelectorAll('h1 strong, h2 strong, h3 strong, h4 strong, h5 strong, h6 strong').forEach(unwrap);
  body.querySelectorAll('a').forEach((a) => {
    const href = realHref(a.getAttribute('href') ?? '');
    for (const name of a.getAttributeNames()) a.removeAttribute(name);
    if (href) a.setAttribute('href', href);
    else unwrap(a);
  });
  body.querySelectorAll('span').forEach(unwrap);
  body.querySelectorAll('*').forEach((el) => {
    for (const name of el.getAttributeNames()) if (!keptAttribute(el, name)) el.removeAttribute(name);
  });
  tidyWhitespace(body);
  return body.innerHTML;
}

/**
 * What survives of an element's attributes: a link's address, an image's source and text, a list's first number
 * over 1, a cell's span over 1.
 */
function keptAttribute(el: Element, name: string): boolean {
  if (el.tagName === 'A') return name === 'href';
  if (el.tagName === 'IMG') return name === 'src' || name === 'alt';
  if (el.tagName === 'OL') return name === 'start' && Number(el.getAttribute(name)) > 1;
  if (el.tagName === 'TD' || el.tagName === 'TH')
    return (name === 'colspan' || name === 'rowspan') && Number(el.getAttribute(name)) > 1;
  return false;
}

function unwrap(el: Element): void {
  el.replaceWith(...el.childNodes);
}

/** The element under another tag, its attributes kept (a pasted heading's, for the cleanup after). */
function renameKeeping(el: Element, tag: string): void {
  const next = el.ownerDocument.createElement(tag);
  for (const name of el.getAttributeNames()) next.setAttribute(name, el.getAttribute(name) ?? '');
  next.append(...el.childNodes);
  el.replaceWith(next);
}

function rename(el: Element, tag: string): void {
  const next = el.ownerDocument.createElement(tag);
  next.append(...el.childNodes);
  el.replaceWith(next);
}

function removeComments(root: HTMLElement): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((comment) => comment.parentNode?.removeChild(comment));
}

/** Word's list paragraphs back into lists: one list per run of items of the same Word list (`mso-list:lN`). */
function wordLists(doc: Document): void {
  let list: HTMLElement | null = null;
  let listId = '';
  for (const p of [...doc.body.querySelectorAll('p')]) {
    const style = p.getAttribute('style') ?? '';
    const isItem = /MsoListParagraph/i.test(p.className) || /mso-list:\s*l\d/i.test(style);
    if (!isItem) {
      list = null;
      continue;
    }
    const id = /mso-list:\s*(l\d+)/i.exec(style)?.[1] ?? '';
    // The bullet or number Word writes as text: read it (a number makes an ordered list), then drop it.
    const marker = [...p.querySelectorAll('span[style*="mso-list"]')].filter((span) =>
      /^[\s\u00a0·•o§\d.)a-z-]+$/i.test(span.textContent ?? ''),
    );
    const ordered = marker.some((span) => /^\s*[\da-z]+[.)]/i.test(span.textContent ?? ''));
    marker.forEach((span) => span.remove());
    const adjacent = list !== null && list.nextElementSibling === p;
    if (!list || !adjacent || id !== listId) {
      list = doc.createElement(ordered ? 'ol' : 'ul');
      listId = id;
      p.before(list);
    }
    const item = doc.createElement('li');
    item.append(...p.childNodes);
    list.append(item);
    p.remove();
  }
}

/** Tables down to their structure: no column widths, and the blank text between a cell's paragraphs goes. */
function cleanTables(doc: Document): void {
  doc.body.querySelectorAll('table colgroup, table col').forEach((el) => el.remove());
  for (const cell of [...doc.body.querySelectorAll('td, th')]) {
    if (!cell.querySelector('p')) continue;
    [...cell.childNodes].forEach((node) => {
      if (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) node.remove();
    });
  }
}

/** Formatting written as styles (Docs' spans) becomes its tag: bold, italic, sub/superscript, highlight. */
function styledFormatting(doc: Document): void {
  for (const el of [...doc.body.querySelectorAll('span[style]')]) {
    const style = el.getAttribute('style') ?? '';
    const bold = /font-weight:\s*(bold|[6-9]00)\b/i.test(style);
    const italic = /font-style:\s*italic/i.test(style);
    const sub = /vertical-align:\s*sub\b/i.test(style);
    const sup = /vertical-align:\s*super\b/i.test(style);
    // A coloured background is a highlight; white or transparent is the page.
    const highlight =
      /background(?:-color)?:\s*(?!transparent|#fff(?:fff)?\b|white\b|rgba?\(255,\s*255,\s*255)[#a-z]/i.test(style);
    if (!bold && !italic && !sub && !sup && !highlight) continue;
    let inner: Node[] = [...el.childNodes];
    for (const [on, tag] of [
      [italic, 'em'],
      [bold, 'strong'],
      [sub, 'sub'],
      [sup, 'sup'],
      [highlight, 'mark'],
    ] as const) {
      if (!on) continue;
      const wrapper = doc.createElement(tag);
      wrapper.append(...inner);
      inner = [wrapper];
    }
    el.replaceChildren(...inner);
  }
}

/** A link's address without Google's redirect; only web and mail addresses are kept. */
function realHref(href: string): string | null {
  try {
    const url = new URL(href);
    const target = url.searchParams.get('q');
    if (/(^|\.)google\.com$/.test(url.hostname) && url.pathname === '/url' && target) return realHref(target);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Source line breaks are spaces; whitespace and stray line breaks between blocks go. */
function tidyWhitespace(body: HTMLElement): void {
  const blocks = new Set(['BODY', 'UL', 'OL', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR']);
  const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const empty: Node[] = [];
  while (walker.nextNode()) {
    const text = walker.currentNode;
    if (!(text instanceof Text) || text.parentElement?.closest('pre')) continue;
    text.data = text.data.replace(/\s*\n\s*/g, ' ');
    if (!text.data.trim() && blocks.has(text.parentElement?.tagName ?? '')) empty.push(text);
  }
  empty.forEach((node) => node.parentNode?.removeChild(node));
  [...body.children].forEach((el) => {
    if (el.tagName === 'BR') el.remove();
  });
  body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6').forEach((el) => {
    const first = el.firstChild;
    if (first instanceof Text) first.data = first.data.replace(/^\s+/, '');
    const last = el.lastChild;
    if (last instanceof Text) last.data = last.data.replace(/\s+$/, '');
  });
}
