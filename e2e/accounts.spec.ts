import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import type { BrowserSession, ViewportName } from './support/browser.js';
import { expectPath } from './support/expect-page.js';
import { codeMailedTo as codeMailedToMember, mailTo } from './support/outbox.js';
import { useBrowserSuite } from './support/suite.js';

const password = 'Uma frase longa de teste 42';

const suite = useBrowserSuite();
let sequence = 0;

/** A browser page; `consented` answers the cookie banner beforehand so it covers nothing. */
function open(viewport: ViewportName, consented = true): Promise<BrowserSession> {
  return suite.open(viewport, { cookieChoice: consented });
}

function newMember() {
  sequence += 1;
  const username = `membro_${Date.now().toString(36)}_${sequence}`;
  return { name: `Membro ${sequence}`, email: `${username}@example.com`, username };
}

const codeMailedTo = (email: string) => codeMailedToMember(suite.server, email);

const storedToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token ?? null);

/** Fills the form with the mouse and the terms modal scrolled to its end; stops on the code step. */
async function registerWithForm(page: Page, member: ReturnType<typeof newMember>) {
  await page.goto('/register');
  await page.getByLabel('Nome', { exact: true }).fill(member.name);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Nome de usuário').fill(member.username);
  await page.getByText('Este nome de usuário está disponível.').waitFor();
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Ler os termos de uso' }).click();
  const modal = page.getByRole('dialog', { name: 'Termos de uso' });
  await modal.waitFor();
  const agree = modal.getByRole('button', { name: 'Aceitar' });
  expect(await agree.isDisabled(), 'Agree before scrolling').toBe(true);
  await expectAccessible(page);
  await page.getByTestId('terms-text').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  // click() waits for the button to become enabled, which the scroll to the end does.
  await agree.click();
  expect(await page.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).isChecked()).toBe(true);

  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByTestId('verify-step').waitFor();
  expect(await page.getByRole('link', { name: 'Entrar' }).count(), 'login link during the code step').toBe(0);
  expect(await page.getByRole('button', { name: 'Verificar' }).isDisabled()).toBe(true);
  await expectAccessible(page);
}

/** Presses Tab until the focused element matches `selector`; fails when it never does. */
async function tabTo(page: Page, selector: string, maxPresses = 25) {
  for (let press = 0; press < maxPresses; press++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focused element shows a focus ring (a box-shadow ring or an outline). */
async function expectVisibleFocus(page: Page) {
  const style = await page.evaluate(() => {
    const element = document.activeElement;
    const computed = element ? getComputedStyle(element) : null;
    return {
      ring: computed?.boxShadow ?? 'none',
      outline: computed?.outlineStyle ?? 'none',
      tag: element?.outerHTML.slice(0, 80),
    };
  });
  expect(style.ring !== 'none' || style.outline !== 'none', `visible focus on ${style.tag}`).toBe(true);
}

describe('accounts: register, confirm, log in, stay logged in, log out', () => {
  it('goes from signup to #barra signed in, survives a reload and an expired token, and logs out clean', async () => {
    const { page, finish } = await open('desktop');
    const member = newMember();
    await registerWithForm(page, member);

    const code = await codeMailedTo(member.email);
    await page.getByTestId('code-box-0').click();
    await page.keyboard.type(code.toLowerCase());
    await page.getByRole('button', { name: 'Verificar' }).click();
    // The browser that signed up is signed in by its code: no password typed again, straight into the first channel.
    await expectPath(page, '/barra');
    await page.getByRole('button', { name: 'Menu da conta' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('verified'), localStorage.getItem('username')])).toEqual([
      null,
      member.username,
    ]);
    const firstToken = await storedToken(page);
    expect(firstToken).toBeTruthy();
    await page.goto('/profile');

    await page.reload();
    await page.getByRole('button', { name: 'Menu da conta' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');

    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as { userId: number; refresh_token: string },
    );
    const secret = new TextEncoder().encode((await readFile(join(suite.server.dataDir, 'jwt-secret'), 'utf8')).trim());
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ username: member.username, roles: ['ROLE_USER'] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(stored.userId))
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 1800)
      .sign(secret);
    await page.evaluate((token) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('user', JSON.stringify({ ...user, token }));
    }, expired);
    // the wait starts before the reload, which (page, scripts, hydration) can take most of the 20 s default
    // beside the rest of the suite on a loaded 2-core machine: the limit covers both.
    const refreshed = page.waitForResponse(
      (response) => response.url().endsWith('/api/auth/refresh') && response.status() === 200,
      {
        timeout: 60_000,
      },
    );
    await page.reload();
    await refreshed;
    await page.waitForFunction((old) => JSON.parse(localStorage.getItem('user') ?? '{}').token !== old, expired);
    const renewedToken = await storedToken(page);
    expect(renewedToken).not.toBe(expired);
    expect(renewedToken).not.toBe(firstToken);
    await page.getByRole('button', { name: 'Menu da conta' }).waitFor();
    expect(new URL(page.url()).pathname, 'no redirect to /login').toBe('/profile');

    const refreshToken = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { refresh_token: string }).refresh_token,
    );
    await page.getByRole('button', { name: 'Menu da conta' }).click();
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Sair' }).click();
    expect((await loggedOut).status()).toBe(200);
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.length), 'localStorage after logout').toBe(0);
    await page.getByRole('link', { name: 'Crie a sua grátis' }).waitFor();
    const reuse = await fetch(`${suite.server.url}/api/auth/refresh`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    expect(reuse.status, 'the refresh token after logout').toBe(401);
    await finish();
  });

  it('accepts a pasted code', async () => {
    const { page, context, finish } = await open('desktop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    const member = newMember();
    await registerWithForm(page, member);
    const code = await codeMailedTo(member.email);
    await page.evaluate((text) => navigator.clipboard.writeText(text), code);
    await page.getByTestId('code-box-0').focus();
    await page.keyboard.press('ControlOrMeta+V');
    const boxes = await Promise.all([0, 1, 2, 3].map((index) => page.getByTestId(`code-box-${index}`).inputValue()));
    expect(boxes.join('')).toBe(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expectPath(page, '/barra');
    await finish();
  });
});

describe('accounts at 360 px by keyboard alone', () => {
  it('registers and confirms into #barra, signed in, with Tab, typing and Enter only', async () => {
    const { page, finish } = await open('mobile', false);
    const member = newMember();
    await page.goto('/register');
    await page.getByTestId('register-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(
      360,
    );

    for (const [name, value] of [
      ['name', member.name],
      ['email', member.email],
      ['username', member.username],
    ] as const) {
      await tabTo(page, `input[name="${name}"]`);
      await expectVisibleFocus(page);
      await page.keyboard.type(value);
    }
    await page.getByText('Este nome de usuário está disponível.').waitFor();
    await tabTo(page, 'input[name="password"]');
    await page.keyboard.type(password);

    await tabTo(page, '[data-testid="open-terms"]');
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByTestId('terms-modal').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('terms-text');
    await page.keyboard.press('End');
    await page.getByTestId('terms-agree').and(page.locator(':enabled')).waitFor();
    await tabTo(page, '[data-testid="terms-agree"]:not([disabled])', 6);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).isChecked()).toBe(true);

    await tabTo(page, 'button[type="submit"]');
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.getByTestId('verify-step').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('code-box-0');
    await page.keyboard.type(await codeMailedTo(member.email));
    await tabTo(page, 'button[type="submit"]:not([disabled])', 3);
    await page.keyboard.press('Enter');
    await expectPath(page, '/barra');
    await page.getByRole('button', { name: 'Menu da conta' }).waitFor();
    await finish();
  });
});

describe('accounts: forgotten password', () => {
  it('verifies only on another device, then mails a single-use link whose new password logs in', async () => {
    const signedUp = await open('mobile');
    const member = newMember();
    await registerWithForm(signedUp.page, member);
    await signedUp.finish();
    // The code typed on another device (no signup ticket) verifies the account and signs nobody in: /login, banner.
    const { page, finish } = await open('mobile');
    await page.goto(`/register?verify=${member.username}`);
    await page.getByTestId('code-box-0').click();
    await page.keyboard.type(await codeMailedTo(member.email));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expectPath(page, '/login');
    await page.getByTestId('verified-banner').waitFor();
    expect(await page.getByLabel('Nome de usuário ou e-mail').inputValue()).toBe(member.username);
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await expectPath(page, '/forgot-password');
    await expectAccessible(page);
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByRole('button', { name: 'Enviar o link' }).click();
    await page.getByTestId('forgot-sent').waitFor();

    const link = await resetLinkMailedTo(member.email);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expectAccessible(page);
    const newPassword = 'Outra frase longa de teste 7';
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Repita a nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Salvar a nova senha' }).click();
    await page.getByTestId('reset-done').waitFor();
    await page.getByRole('link', { name: 'Ir para o login' }).click();

    await page.getByLabel('Nome de usuário ou e-mail').fill(member.email);
    await page.getByLabel('Senha', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectPath(page, '/profile');
    await finish();
  });
});

/** The reset link of the reset mail to `email`: their second mail, after the signup's verification code. */
async function resetLinkMailedTo(email: string): Promise<string> {
  const mail = await mailTo(suite.server, email, 2);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in the mail to ${email}: ${mail.text}`);
  return link;
}
