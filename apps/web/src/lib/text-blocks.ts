/**
 * The blocks of an HTML body as plain text, one per paragraph, heading, list item, quote, caption or video: what the
 * conflict dialog and the history's differences compare.
 */
export function textBlocks(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks: string[] = [];
  doc.body.querySelectorAll('h1, h2, h3, h4, p, pre, li, blockquote, figcaption, img, iframe, hr').forEach((el) => {
    if (el.tagName === 'IMG') blocks.push(`[${el.getAttribute('alt') ?? ''}]`);
    // the video's address without its player options (the editor adds some the server does not keep).
    else if (el.tagName === 'IFRAME') blocks.push(`[${(el.getAttribute('src') ?? '').split('?')[0]}]`);
    else if (el.tagName === 'HR') blocks.push('———');
    else if (!el.querySelector('p')) blocks.push(el.textContent?.trim() ?? '');
  });
  return blocks.filter(Boolean);
}
