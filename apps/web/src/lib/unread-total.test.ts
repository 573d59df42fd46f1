import { afterEach, describe, expect, it } from 'vitest';
import { setUnreadTotal, showTotalInDocumentTitle } from './unread-total';

const pageListeners = new Set<() => void>();
const onPageChange = (listener: () => void) => {
  pageListeners.add(listener);
  return () => pageListeners.delete(listener);
};
/** What a navigation between public pages does: the next page's own title in place, then its listeners. */
const navigateTo = (title: string) => {
  document.title = title;
  for (const listener of pageListeners) listener();
};

afterEach(() => setUnreadTotal(0));

describe('the unread total on a page whose title is the server’s', () => {
  it('goes before the title, follows the count and the next page, and leaves the title as it was when undone', () => {
    document.title = 'Blog - Papo';
    const undo = showTotalInDocumentTitle(onPageChange);
    expect(document.title).toBe('Blog - Papo');
    setUnreadTotal(3);
    expect(document.title).toBe('(3) Blog - Papo');
    navigateTo('Letras - Papo');
    expect(document.title).toBe('(3) Letras - Papo');
    setUnreadTotal(0);
    expect(document.title).toBe('Letras - Papo');
    setUnreadTotal(2);
    undo();
    expect(document.title).toBe('Letras - Papo');
    expect(pageListeners.size).toBe(0);
    setUnreadTotal(5);
    expect(document.title).toBe('Letras - Papo');
  });
});
