import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { mailTo } from './support/outbox.js';
import { recordApiCalls } from './support/page-watch.js';
import { useBrowserSuite } from './support/suite.js';

const moderator: Account = {
  username: 'moderadora_e2e',
  email: 'moderadora@papo.test',
  password: 'senha-longa-e2e-123',
  role: 'ROLE_MODERATOR',
};
// a fresh marker per run, so the spec finds its own message whatever else the database holds.
const marker = randomBytes(4).toString('hex');
const visitor = {
  name: 'Visitante E2E',
  email: `visitante-${marker}@example.com`,
  subject: `Pergunta sobre o canal ${marker}`,
  message: 'Bom dia!\nComo faço para virar operador de um canal?',
};
const replyText = `Basta pedir ao fundador do canal. ${marker}`;

const suite = useBrowserSuite();

beforeAll(() => createUser(suite.server, moderator));

/** A visitor on a phone fills in /contato and sees the confirmation with the fields cleared. */
async function sendContactForm(): Promise<void> {
  const { page, finish } = await suite.open('mobile');
  await page.goto('/contato');
  await page.locator('main form').waitFor();
  await expectAccessible(page);
  // the banner covers the bottom of a phone screen, where the send button is; a visitor answers it first.
  await page.getByTestId('cookie-accept').click();

  await page.getByRole('textbox', { name: /^Nome/ }).fill(visitor.name);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(visitor.email);
  await page.getByRole('textbox', { name: /^Assunto/ }).fill(visitor.subject);
  await page.getByRole('textbox', { name: /^Mensagem/ }).fill(visitor.message);
  await page.getByRole('button', { name: 'Enviar' }).click();

  await page.getByTestId('contact-sent').waitFor();
  expect(await page.getByTestId('contact-sent').innerText()).toBe('Sua mensagem foi enviada com sucesso!');
  expect(await page.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe('');
  expect(await page.getByRole('textbox', { name: /^Mensagem/ }).inputValue()).toBe('');
  await expectAccessible(page);
  await finish();
}

describe('contact form and staff mailbox', () => {
  it('a visitor sends the form; a moderator finds it on the first page of /mail, opens it and replies by e-mail', async () => {
    await sendContactForm();
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await logIn(page, moderator);
    await page.goto('/mail');
    const row = page.getByTestId('mailbox-row').filter({ hasText: visitor.subject });
    await row.waitFor();
    expect(await page.getByTestId('mailbox-row').count()).toBeGreaterThanOrEqual(1);
    expect(await row.innerText()).toContain(visitor.email);
    await expectAccessible(page);

    await row.getByRole('link', { name: /^Ver/ }).click();
    await page.waitForURL(/\/mail\/\d+$/);
    await page.getByRole('heading', { level: 1, name: visitor.subject }).waitFor();
    expect(await page.getByTestId('contact-message').innerText()).toBe(visitor.message);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Responder' }).click();
    const to = page.getByRole('textbox', { name: /^Para/ });
    await to.waitFor();
    expect(await to.inputValue()).toBe(visitor.email);
    expect(await page.getByRole('textbox', { name: /^Assunto/ }).inputValue()).toBe(`Re: ${visitor.subject}`);
    const body = page.getByRole('textbox', { name: /^Mensagem/ });
    expect(await body.inputValue()).toContain('> Como faço para virar operador de um canal?');
    await expectAccessible(page);

    // the form puts the caret above the quote; typing there, as a person would, writes the answer first.
    await page.keyboard.type(replyText);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByTestId('reply-sent').waitFor();
    expect(await page.getByTestId('replied-line').innerText()).toContain(`Respondida por ${moderator.username}`);
    await expectAccessible(page);

    const mail = await mailTo(suite.server, visitor.email);
    expect(mail.subject.startsWith(`Re: ${visitor.subject}`)).toBe(true);
    expect(mail.text).toContain(replyText);

    await page.goto('/mail');
    await row.getByTestId('replied-badge').waitFor();
    await finish();
  });

  it('lists the mailbox as cards on a phone and keeps a non-numeric id away from the server', async () => {
    const subject = `Mensagem pelo formulário ${marker}`;
    const sent = await fetch(`${suite.server.url}/api/contact`, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Outra pessoa', email: '', subject, message: 'Oi', website: '' }),
    });
    expect(sent.status).toBe(200);
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await logIn(page, moderator);
    await page.goto('/mail');
    await page.getByTestId('mailbox-row').filter({ hasText: subject }).waitFor();
    expect(await page.locator('main table').count()).toBe(0);
    await expectAccessible(page);

    const contactCalls = recordApiCalls(page, (_method, pathname) => pathname.startsWith('/api/contacts'));
    await page.goto('/mail/abc');
    await page.getByTestId('message-not-found').waitFor();
    expect(contactCalls).toEqual([]);
    await expectAccessible(page);
    await finish();
  });
});
