import { alignSequences } from '@papo/contract/word-diff';
import { textBlocks } from './text-blocks';

/**
 * A top-level block of an HTML body: its markup and its text (what two versions are matched by, and what the merge
 * shows: a list a line an item, a rule as a line, an empty paragraph as no text).
 */
export interface HtmlBlock {
  html: string;
  text: string;
}

/** The top-level blocks of an HTML body (paragraphs, headings, lists, figures, videos…); loose text becomes a paragraph. */
export function htmlBlocks(html: string): HtmlBlock[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks: HtmlBlock[] = [];
  doc.body.childNodes.forEach((node) => {
    if (node instanceof Element) {
      // A picture or a video has no text: it is matched by its address.
      const media = node.querySelector('img, iframe');
      const text = node.textContent?.trim()
        ? node.matches('ul, ol, blockquote')
          ? textBlocks(node.outerHTML).join('\n')
          : node.textContent.trim()
        : media
          ? `[${media.getAttribute('src') ?? ''}]`
          : node.tagName === 'HR'
            ? '———'
            : '';
      blocks.push({ html: node.outerHTML, text });
    } else if (node.textContent?.trim()) {
      const p = doc.createElement('p');
      p.textContent = node.textContent;
      blocks.push({ html: p.outerHTML, text: node.textContent.trim() });
    }
  });
  return blocks;
}

/** A row of the merge: a block both versions hold, or a place where they differ (a block of either side, or both). */
export type MergeRow =
  { kind: 'same'; block: HtmlBlock } | { kind: 'differs'; mine: HtmlBlock | null; theirs: HtmlBlock | null };

/** Which side a differing row takes into the merged text. */
export type MergeChoice = 'mine' | 'theirs' | 'both';

/**
 * Lines two bodies up block by block: blocks both hold once, and where they differ each of this editor's blocks beside
 * one of theirs (a paragraph reworded on one side faces its other version), so each can be picked on its own.
 */
export function mergeRows(mine: string, theirs: string): MergeRow[] {
  const a = htmlBlocks(mine);
  const b = htmlBlocks(theirs);
  const rows: MergeRow[] = [];
  let removed: HtmlBlock[] = [];
  let added: HtmlBlock[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(removed.length, added.length); k += 1)
      rows.push({ kind: 'differs', mine: removed[k] ?? null, theirs: added[k] ?? null });
    removed = [];
    added = [];
  };
  for (const step of alignSequences(
    a.map((block) => block.text),
    b.map((block) => block.text),
  )) {
    const block = step.kind === 'added' ? b[step.b] : a[step.a];
    if (!block) continue;
    if (step.kind === 'same') {
      flush();
      rows.push({ kind: 'same', block });
    } else if (step.kind === 'removed') removed.push(block);
    else added.push(block);
  }
  flush();
  return rows;
}

/** The merged body: the blocks both hold, and each differing row as chosen (this editor's by default). */
export function mergedHtml(rows: MergeRow[], choices: ReadonlyMap<number, MergeChoice>): string {
  return rows
    .map((row, index) => {
      if (row.kind === 'same') return row.block.html;
      const choice = choices.get(index) ?? 'mine';
      const mine = choice === 'theirs' ? '' : (row.mine?.html ?? '');
      const theirs = choice === 'mine' ? '' : (row.theirs?.html ?? '');
      return mine + theirs;
    })
    .join('');
}
