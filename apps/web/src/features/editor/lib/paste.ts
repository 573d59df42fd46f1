/**
 * Cleans HTML pasted from a word processor: structure kept (headings, paragraphs, lists, links,
 * emphasis), styles and classes dropped, and Word's list paragraphs (`MsoListParagraph…`, which
 * Word writes as paragraphs with a bullet glyph) turned back into real lists.
 */
export function cleanPastedHtml(html: string): string {
  if (!/class="?Mso|mso-|<o:p|style=/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('o\\:p, style, meta, link, xml').forEach((el) => el.remove());
  let list: HTMLElement | null = null;
  for (const p of [...doc.body.querySelectorAll('p')]) {
    const isItem = /MsoListParagraph/i.test(p.className) || /mso-list/i.test(p.getAttribute('style') ?? '');
    if (!isItem) {
      list = null;
      continue;
    }
    // The bullet or number Word writes as text inside a conditional-comment span.
    p.querySelectorAll('span[style*="mso-list"]').forEach((span) => {
      if (/^[\s\u00a0·•o§\d.)a-z-]+$/i.test(span.textContent ?? '')) span.remove();
    });
    const ordered = /^\s*\d+[.)]/.test(p.textContent ?? '');
    if (!list || list.previousElementSibling === null || list.nextElementSibling !== p) {
      list = doc.createElement(ordered ? 'ol' : 'ul');
      p.before(list);
    }
    const item = doc.createElement('li');
    item.innerHTML = p.innerHTML.replace(/^\s*(?:[·•o§-]|\d+[.)])(?:\s|&nbsp;)+/, '');
    list.append(item);
    p.remove();
  }
  doc.body.querySelectorAll('[style], [class], [lang]').forEach((el) => {
    el.removeAttribute('style');
    el.removeAttribute('class');
    el.removeAttribute('lang');
  });
  return doc.body.innerHTML;
}
