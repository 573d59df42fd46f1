import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { commandOf, connectRawIrc, registerRawIrc } from '../apps/server/src/test/raw-irc.js';
import { createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expectPath } from './support/expect-page.js';
import { screenshot } from './support/screenshot.js';
import { findFreePort } from './support/server.js';
import { useBrowserSuite } from './support/suite.js';

const ircPort = await findFreePort();
const suite = useBrowserSuite({ serverEnv: { IRC_PORT: String(ircPort) } });

describe('Conta e segurança', () => {
  it('lists both browsers, and a password change there signs the other browser out to /login', async () => {
    // a name of its own per try: a retry runs against the same server.
    const suffix = Date.now().toString(36);
    const account: Account = {
      username: `conta_${suffix}`,
      email: `conta-${suffix}@papo.test`,
      password: 'senha-longa-conta-1',
    };
    await createUser(suite.server, account);
    const desktop = await suite.open('desktop', { cookieChoice: true });
    const phone = await suite.open('mobile', { cookieChoice: true });
    // the phone's page opens its real-time connection after signing in; the sign-out is told over it.
    const phoneSocket = phone.page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
    await logIn(phone.page, account);
    await (await phoneSocket).waitForEvent('framereceived');
    await logIn(desktop.page, account);

    const section = desktop.page.getByTestId('account-security');
    await section.getByRole('heading', { name: 'Conta e segurança' }).waitFor();
    const rows = section.getByTestId('device-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('Este aparelho');
    expect(await section.getByTestId('sign-out-device').getAttribute('aria-label')).toMatch(/^Sair de /);
    await expectAccessible(desktop.page);

    await section.getByLabel('Senha atual').fill(account.password);
    await section.getByLabel('Nova senha').fill('senha-nova-conta-2');
    await section.getByRole('button', { name: 'Alterar a senha' }).click();
    await desktop.page.getByText('Senha alterada. Os outros aparelhos saíram da conta.').waitFor();

    // The phone's open connection hears the sign-out and the tab goes to /login, saying why.
    await expectPath(phone.page, '/login');
    expect(await phone.page.getByTestId('signed-out-banner').innerText()).toContain('A senha da conta foi alterada');
    // This browser stays signed in with the fresh token, and only it is left in the list.
    await desktop.page.reload();
    await section.getByTestId('device-row').first().waitFor();
    expect(await section.getByTestId('device-row').count()).toBe(1);
    await desktop.finish();
  });

  it('lists an IRC client\'s link among the devices, and "Sair" on it closes the link', async () => {
    const suffix = Date.now().toString(36);
    const account: Account = {
      username: `irc_${suffix}`,
      email: `irc-${suffix}@papo.test`,
      password: 'senha-longa-irc-1',
    };
    await createUser(suite.server, account);
    const desktop = await suite.open('desktop', { cookieChoice: true });
    await logIn(desktop.page, account);
    const irc = await connectRawIrc({ host: '127.0.0.1', port: ircPort });
    try {
      await registerRawIrc(irc, account);
      // the list is read when the screen opens: the link signed in after, so the page is opened again.
      await desktop.page.reload();
      const section = desktop.page.getByTestId('account-security');
      const link = section.locator('[data-testid="device-row"][data-kind="irc"]');
      await link.waitFor();
      expect(await section.getByTestId('device-row').count()).toBe(2);
      expect(await link.innerText()).toContain('Conexão IRC');
      await screenshot(desktop.page, 'account-devices-irc-1280');

      const closing = irc.waitFor((line) => commandOf(line) === 'ERROR', 10_000, irc.received.length);
      await link.getByRole('button', { name: 'Sair de Conexão IRC' }).click();
      expect(await closing).toMatch(/^ERROR :Closing link: .*\(signed out\)$/);
      await irc.ended;
      await desktop.page.getByText('O aparelho saiu da conta.', { exact: false }).waitFor();
      await link.waitFor({ state: 'detached' });
      expect(await section.getByTestId('device-row').count()).toBe(1);
    } finally {
      irc.close();
    }
    await desktop.finish();
  });

  it('"Exportar meus dados" shows that the file is being made, then downloads it', async () => {
    const suffix = Date.now().toString(36);
    const account: Account = {
      username: `exporta_${suffix}`,
      email: `exporta-${suffix}@papo.test`,
      password: 'senha-longa-exporta-1',
    };
    await createUser(suite.server, account);
    const desktop = await suite.open('desktop', { cookieChoice: true });
    await logIn(desktop.page, account);

    const section = desktop.page.getByTestId('export-data');
    const download = desktop.page.waitForEvent('download');
    await section.getByRole('button', { name: 'Exportar meus dados' }).click();
    await section.getByText('Preparando o arquivo…', { exact: false }).waitFor();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^papo-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await file.path();
    const data = JSON.parse(await readFile(path, 'utf8')) as { profile: { username: string } };
    expect(data.profile.username).toBe(account.username);
    await desktop.page.getByText('Arquivo com os seus dados baixado.').waitFor();
    expect(await section.getByTestId('export-status').innerText()).toBe('');
    await desktop.finish();
  });

  it('"Excluir conta" asks for the password, then lands on the home page signed out', async () => {
    const suffix = Date.now().toString(36);
    const account: Account = {
      username: `apaga_${suffix}`,
      email: `apaga-${suffix}@papo.test`,
      password: 'senha-longa-apaga-1',
    };
    await createUser(suite.server, account);
    const desktop = await suite.open('desktop', { cookieChoice: true });
    await logIn(desktop.page, account);

    await desktop.page.getByTestId('delete-account').getByRole('button', { name: 'Excluir conta' }).click();
    const dialog = desktop.page.getByTestId('delete-account-dialog');
    await dialog.getByLabel('Senha').fill(account.password);
    await dialog.getByRole('button', { name: 'Excluir conta' }).click();

    await expectPath(desktop.page, '/');
    expect(await desktop.page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await desktop.finish();
  });
});
