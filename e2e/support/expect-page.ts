import type { Page } from 'playwright-core';

// playwright-core has no auto-retrying expect; these helpers wait for a state and fail with what was seen.

/** Waits until `<html lang>` is `code`. */
export async function expectHtmlLang(page: Page, code: string): Promise<void> {
  try {
    await page.waitForFunction((expected) => document.documentElement.lang === expected, code);
  } catch {
    const actual = await page.evaluate(() => document.documentElement.lang);
    throw new Error(`<html lang> is "${actual}", expected "${code}"`);
  }
}

/** Waits until the page is at `pathname` (client-side redirects included). */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname);
  } catch {
    throw new Error(`page is at ${new URL(page.url()).pathname}, expected ${pathname}`);
  }
}

/** Waits for a visible link to /channels with exactly `text` inside a labelled `<nav>`. */
export async function expectChannelsNavLink(page: Page, text: string): Promise<void> {
  const links = page.locator('nav[aria-label] a[href="/channels"]').filter({ visible: true });
  try {
    await links
      .filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) })
      .first()
      .waitFor();
  } catch {
    const seen = await links.allInnerTexts();
    throw new Error(
      `no visible nav link "${text}" to /channels; visible nav links to /channels: ${JSON.stringify(seen)}`,
    );
  }
}

/**
 * The browser's own controls that speak the browser's language whatever the app's ("Choose Files", "No file chosen",
 * "mm/dd/yyyy"): file inputs drawn on screen (a hidden one behind the app's button is fine) and date or time inputs.
 * Their texts live in the browser's shadow DOM, out of `innerText`, so the controls themselves are counted.
 */
export async function browserLanguageControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('input')]
      .filter((input) => {
        const box = input.getBoundingClientRect();
        if (input.type === 'file') return box.width > 1 && box.height > 1 && getComputedStyle(input).opacity !== '0';
        return ['date', 'datetime-local', 'time', 'month', 'week'].includes(input.type);
      })
      .map((input) => `${input.type}#${input.id}`),
  );
}
