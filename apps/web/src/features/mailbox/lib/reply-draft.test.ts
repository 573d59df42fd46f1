import { describe, expect, it } from 'vitest';
import { parseContactId, parsePage, quoteOriginal, replySubject } from './reply-draft';

describe('reply draft', () => {
  it('prefixes the subject once and falls back when there is none', () => {
    expect(replySubject('Dúvida sobre o #barra', 'Sua mensagem')).toBe('Re: Dúvida sobre o #barra');
    expect(replySubject('RE: já respondido', 'Sua mensagem')).toBe('RE: já respondido');
    expect(replySubject(null, 'Sua mensagem')).toBe('Re: Sua mensagem');
    expect(replySubject('   ', 'Sua mensagem')).toBe('Re: Sua mensagem');
  });

  it('keeps the subject within the server limit', () => {
    expect(replySubject('a'.repeat(200), 'x')).toHaveLength(200);
  });

  it('quotes every line of the original under the attribution', () => {
    const quoted = quoteOriginal('Olá,\r\n\r\ntudo bem?\n  recuado', 'Ana escreveu:');
    expect(quoted).toBe('\n\nAna escreveu:\n> Olá,\n>\n> tudo bem?\n>   recuado\n');
  });

  it('accepts only numeric ids and page numbers', () => {
    expect(parseContactId('12')).toBe(12);
    for (const bad of [undefined, '', 'abc', '12abc', '0', '012', '-3', '1.5', '12345678901'])
      expect(parseContactId(bad)).toBeNull();
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', 'x', '-1', '2.5']) expect(parsePage(bad)).toBe(1);
  });
});
