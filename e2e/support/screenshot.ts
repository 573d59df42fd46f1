import type { Page } from 'playwright-core';

/**
 * A screenshot for people to look at, only when asked for (SCREENSHOT_DIR); assertions never depend on it.
 * `fullPage` shows what lies below the fold too; a chat screen is exactly the window.
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const fullPage = opts.fullPage ?? true;
  // from the top, so sticky parts (header, cookie banner) are drawn where a reader first sees them.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/**
 * Whether what lies at the centre of `selector`'s element, once scrolled into view as the browser
 * scrolls a focused control, is that element (nothing covers it: no banner, no overlay).
 */
export async function isUncovered(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    (element as HTMLElement).focus();
    element.scrollIntoView({ block: 'nearest' });
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
}
