import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, logIn as logInThroughForm, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import type { BrowserSession, ViewportName } from './support/browser.js';
import { expectHtmlLang } from './support/expect-page.js';
import { useBrowserSuite } from './support/suite.js';

const member: Account = { username: 'perfil_e2e', email: 'perfil@papo.test', password: 'senha-longa-perfil-1' };
const mobileMember: Account = {
  username: 'perfil_mobile',
  email: 'perfil-mobile@papo.test',
  password: 'senha-longa-perfil-2',
};
const moderator: Account = {
  username: 'moderador_perfil',
  email: 'moderador-perfil@papo.test',
  password: 'senha-longa-perfil-3',
  role: 'ROLE_MODERATOR',
};

// set E2E_SHOTS_DIR to keep screenshots of the screens this spec visits (for a person to look at).
const shotsDir = process.env.E2E_SHOTS_DIR;

const suite = useBrowserSuite();

beforeAll(async () => {
  for (const account of [member, mobileMember, moderator]) await createUser(suite.server, account);
  if (shotsDir) await mkdir(shotsDir, { recursive: true });
});

function open(viewport: ViewportName): Promise<BrowserSession> {
  // the cookie banner is another spec's subject; answering it keeps it from covering the profile.
  return suite.open(viewport, { cookieChoice: true });
}

/** A screenshot of the whole page, or of the viewport alone while a fixed dialog is open. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (shotsDir) await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage });
}

/** Logs in and waits until the profile shows the member's name. */
async function logIn(page: Page, account: Account): Promise<void> {
  await logInThroughForm(page, account);
  await page.getByRole('heading', { level: 2, name: account.username }).waitFor();
}

/** The text of the `<dd>` beside the `<dt>` named `label` inside `scope`. */
async function factText(scope: Locator, label: string): Promise<string> {
  const item = scope.locator('dl > div').filter({ has: scope.page().locator('dt', { hasText: label }) });
  return (await item.locator('dd').innerText()).trim();
}

async function chooseInDialog(
  page: Page,
  opener: string,
  dialogName: string,
  option: string,
  shotName?: string,
): Promise<void> {
  await page.getByRole('button', { name: opener }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: option }).check();
  await expectAccessible(page);
  if (shotName) await shot(page, shotName, false);
  await dialog.getByRole('button', { name: /^(Salvar|Save)$/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 16, g: 122, b: 87 } } })
    .png()
    .toBuffer();
}

/** Opens the account menu and answers the names of its entries. */
async function userMenuEntries(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^(Menu da conta|Account menu)$/ }).click();
  const menu = page.locator('header ul').filter({ has: page.getByRole('link', { name: /^(Perfil|Profile)$/ }) });
  await menu.waitFor();
  return (await menu.locator('li').allInnerTexts()).map((text) => text.trim());
}

describe('profile: a member looks after their profile', () => {
  it('changes gender and language, sets the birthday once, uploads a picture and picks a new nickname', async () => {
    const { page, finish } = await open('desktop');
    await logIn(page, member);
    await expectAccessible(page);
    await shot(page, 'desktop-profile');

    const account = page.getByRole('region', { name: 'Dados da conta' });
    await chooseInDialog(page, 'Alterar gênero', 'Escolha o gênero', 'Não binário', 'desktop-gender-dialog');
    await expect.poll(() => factText(account, 'Gênero')).toMatch(/^Não binário/);

    await chooseInDialog(page, 'Alterar idioma', 'Escolha o idioma', 'English', 'desktop-language-dialog');
    await expectHtmlLang(page, 'en');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    const about = page.getByRole('region', { name: 'About you' });
    await about.getByLabel('Birthday').fill('1995-08-17');
    await about.getByRole('button', { name: 'Save Birthday', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Save Birthday for good?' });
    expect(await confirm.getByTestId('set-once-value').innerText()).toBe('17/08/1995');
    await confirm.getByRole('button', { name: 'Yes, save' }).click();
    await expect.poll(() => factText(about, 'Birthday')).toBe('17/08/1995');

    const summary = page.getByRole('region', { name: member.username });
    await summary
      .getByLabel('Change picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngOf(1600, 1200) });
    const picture = summary.getByRole('img', { name: `Profile picture of ${member.username}` });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(533);
    expect(await picture.getAttribute('src')).toMatch(/^\/uploads\/profile\//);

    const nicknames = page.getByRole('region', { name: 'Nicknames' });
    await nicknames.getByLabel('New nickname').fill('perfil_e2e_dois');
    await nicknames.getByRole('button', { name: 'Add', exact: true }).click();
    const second = nicknames.getByRole('radio', { name: 'perfil_e2e_dois' });
    await second.check();
    await nicknames.getByRole('radio', { name: /perfil_e2e_dois\s*current/ }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const reloaded = page.getByRole('region', { name: 'About you' });
    await expect.poll(() => factText(reloaded, 'Birthday')).toBe('17/08/1995');
    expect(await reloaded.getByLabel('Birthday').count()).toBe(0);
    expect(await factText(page.getByRole('region', { name: 'Account details' }), 'Gender')).toMatch(/^Non-binary/);
    expect(await factText(page.getByRole('region', { name: 'Account details' }), 'Language')).toMatch(/^English/);
    expect(await page.getByRole('radio', { name: /perfil_e2e_dois\s*current/ }).isChecked()).toBe(true);
    expect(await page.getByRole('img', { name: `Profile picture of ${member.username}` }).getAttribute('src')).toMatch(
      /^\/uploads\/profile\//,
    );
    await expectAccessible(page);
    await shot(page, 'desktop-profile-filled');

    expect(await userMenuEntries(page)).toEqual(['Profile', 'Log out']);
    await finish();
  });

  it('is usable at 360 px, dialogs included', async () => {
    const { page, finish } = await open('mobile');
    await logIn(page, mobileMember);
    await expectAccessible(page);
    await shot(page, 'mobile-profile');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);

    await chooseInDialog(page, 'Alterar gênero', 'Escolha o gênero', 'Prefiro não dizer', 'mobile-gender-dialog');
    await page.getByRole('button', { name: 'Alterar idioma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Escolha o idioma' });
    await dialog.waitFor();
    await expectAccessible(page);
    await shot(page, 'mobile-language-dialog', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await finish();
  });
});

describe('profile: the user menu follows the roles', () => {
  it('shows Inbox to a moderator', async () => {
    const { page, finish } = await open('desktop');
    await logIn(page, moderator);
    expect(await userMenuEntries(page)).toEqual(['Perfil', 'Caixa de entrada', 'Sair']);
    expect(await page.getByRole('link', { name: 'Caixa de entrada' }).getAttribute('href')).toBe('/mail');
    await expectAccessible(page);
    await finish();
  });
});
