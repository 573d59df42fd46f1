import { supportedLanguages } from '@papo/contract/auth';
import { describe, expect, it } from 'vitest';
import { passwordResetMail, verificationCodeMail } from './mail-templates.js';

describe('account mails', () => {
  it.each(supportedLanguages)('have a code mail and a reset mail in %s, text and HTML', (lang) => {
    const code = verificationCodeMail(lang, { name: 'Ana', code: 'K7QX' });
    expect(code.subject).toContain('K7QX');
    expect(code.text).toMatch(/^K7QX$/m);
    expect(code.text).toContain('15');
    expect(code.html).toContain(`<html lang="${lang}">`);
    const reset = passwordResetMail(lang, { name: 'Ana', link: 'https://papo.example/reset-password?token=abc' });
    expect(reset.text).toContain('https://papo.example/reset-password?token=abc');
    expect(reset.text).toContain('30');
    expect(reset.html).toContain('href="https://papo.example/reset-password?token=abc"');
  });

  it('differ by language', () => {
    const subjects = supportedLanguages.map(
      (lang) => passwordResetMail(lang, { name: 'A', link: 'https://x' }).subject,
    );
    expect(new Set(subjects).size).toBe(supportedLanguages.length);
  });

  it('escape the member’s name in the HTML part', () => {
    const mail = verificationCodeMail('pt', { name: '<script>alert("x")</script>', code: 'K7QX' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.text).toContain('<script>');
  });
});
