import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountsPerTry } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { memberSession, openChannel, say } from './support/chat.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

const password = 'Canal-da-barra-2026';

const suite = useBrowserSuite();

const newAccounts = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    ana: { username: `ana${suffix}`, email: `ana${suffix}@example.com`, password, role: 'ROLE_MODERATOR' },
    bia: { username: `bia${suffix}`, email: `bia${suffix}@example.com`, password },
  }),
);

/** Waits for an element containing `text`, failing with what was there instead. */
async function expectText(where: Locator, text: string): Promise<void> {
  try {
    await where.filter({ hasText: text }).first().waitFor();
  } catch {
    const seen = await where.allInnerTexts();
    throw new Error(`no element with "${text}"; seen: ${JSON.stringify(seen)}`);
  }
}

function line(page: Page): Locator {
  return page.getByTestId('message-list').locator('li');
}

describe('IRC-style channel between two members', () => {
  it('talks, acts, sets the topic, ops and kickbans, each seen live by the other', async () => {
    const { ana: anaAccount, bia: biaAccount } = await newAccounts();
    const ana = anaAccount.username;
    const bia = biaAccount.username;
    const op = await memberSession(suite, anaAccount, 'desktop');
    const member = await memberSession(suite, biaAccount, 'mobile');
    await openChannel(op.page, 'barra');
    await openChannel(member.page, 'barra');
    await expectText(line(op.page), `${bia} entrou em #barra`);

    await say(op.page, `Olá, ${bia}! Veja https://papo.example/regras`);
    await expectText(line(member.page), `<~${ana}> Olá, ${bia}!`);
    expect(await member.page.locator('li[data-mention="true"]').count()).toBe(1);
    expect(
      await line(member.page).getByRole('link', { name: 'https://papo.example/regras' }).getAttribute('rel'),
    ).toContain('noopener');
    await say(member.page, `Oi, ${ana}!`);
    await expectText(line(op.page), `<${bia}> Oi, ${ana}!`);
    await say(member.page, '/me acena para todos');
    const action = op.page.locator('li[data-kind="action"]');
    await expectText(action, `* ${bia} acena para todos`);
    expect(await op.page.getByTestId('message-input').inputValue()).toBe('');
    await expectAccessible(op.page);
    await expectAccessible(member.page);

    await member.page.getByTestId('users-button').click();
    const drawer = member.page.getByTestId('users-drawer');
    await expectText(drawer.getByTestId('user-entry'), ana);
    await expectAccessible(member.page);
    await member.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await op.page.getByTestId('topic-button').click();
    const topicDialog = op.page.getByTestId('topic-dialog');
    await topicDialog.getByTestId('topic-input').fill('Sejam bem-vindos à #barra');
    await expectAccessible(op.page);
    await topicDialog.getByRole('button', { name: 'Salvar' }).click();
    await expectText(topicDialog.getByTestId('topic-result'), 'Tópico atualizado.');
    await expectText(member.page.getByTestId('topic-text'), 'Sejam bem-vindos à #barra');
    await topicDialog.waitFor({ state: 'detached', timeout: 4_000 });

    const biaEntry = op.page.locator(`[data-testid="user-entry"][data-nickname="${bia}"] > button`);
    await biaEntry.click();
    await op.page.getByTestId('user-menu').waitFor();
    await expectAccessible(op.page);
    await op.page.getByRole('menuitem', { name: 'ChanServ' }).click();
    const chanserv = op.page.getByTestId('chanserv-dialog');
    await expectAccessible(op.page);
    await chanserv.locator('[data-action="OP"]').click();
    await expectText(op.page.getByTestId('result-text'), `Nível no canal atualizado com sucesso para ${bia}`);
    await op.page.getByTestId('result-dialog').getByRole('button', { name: 'OK' }).click();
    await expectText(member.page.getByTestId('nickname-line'), `@${bia} · operador`);
    await expectText(line(member.page), `${bia} agora é operador`);

    await biaEntry.click();
    await op.page.getByRole('menuitem', { name: 'ChanServ' }).click();
    await chanserv.getByTestId('chanserv-reason').fill('flood no canal');
    await chanserv.locator('[data-action="KICKBAN"]').click();
    await expectText(op.page.getByTestId('result-text'), `${bia} foi banido de #barra`);
    await expectText(line(op.page), `${bia} foi expulso por ${ana}`);

    // The operator's "Banimentos" lists the ban with who, why and until when: beside the log at 1280 px, in the users
    // sheet at 360 px.
    await op.page.getByTestId('result-dialog').getByRole('button', { name: 'OK' }).click();
    const bans = op.page.getByTestId('bans-panel');
    await expectText(bans.getByTestId('ban-row'), bia);
    await expectText(bans.getByTestId('ban-row'), 'flood no canal');
    await bans.scrollIntoViewIfNeeded();
    await expectAccessible(op.page);
    await screenshot(op.page, 'chat-bans-panel-1280', { fullPage: false });
    await op.page.setViewportSize({ width: 360, height: 800 });
    await op.page.getByTestId('users-button').click();
    const sheetBans = op.page.locator('[data-testid="bans-panel"] >> visible=true');
    await sheetBans.getByTestId('ban-row').scrollIntoViewIfNeeded();
    await expectAccessible(op.page);
    await screenshot(op.page, 'chat-bans-panel-360', { fullPage: false });
    await op.page.keyboard.press('Escape');
    await op.page.setViewportSize({ width: 1280, height: 800 });

    const notice = member.page.getByTestId('removal-notice');
    await expectText(notice, `Você foi banido de #barra por ${ana}`);
    await expectText(notice, 'Motivo: flood no canal');
    expect(await member.page.getByTestId('message-input').isDisabled()).toBe(true);
    await expectAccessible(member.page);

    await notice.getByTestId('rejoin').click();
    await expectText(member.page.getByTestId('removal-notice'), 'Você está banido de #barra.');
    await member.page.reload();
    await expectText(member.page.getByTestId('removal-notice'), 'Você está banido de #barra.');
    await expectAccessible(member.page);

    await op.finish();
    await member.finish();
  });
});
