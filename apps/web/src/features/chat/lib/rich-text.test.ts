import { describe, expect, it } from 'vitest';
import { mentions, segmentMessage } from './rich-text';

describe('segmentMessage', () => {
  it('turns http and https addresses into links and leaves the rest as text', () => {
    expect(segmentMessage('veja https://papo.example/a?b=1 e http://x.org', null)).toEqual([
      { kind: 'text', text: 'veja ' },
      { kind: 'link', text: 'https://papo.example/a?b=1', href: 'https://papo.example/a?b=1' },
      { kind: 'text', text: ' e ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
    ]);
  });

  it('keeps sentence punctuation and an unopened parenthesis out of the link', () => {
    const segments = segmentMessage('(leia https://pt.wikipedia.org/wiki/IRC_(protocolo)).', null);
    expect(segments).toContainEqual({
      kind: 'link',
      text: 'https://pt.wikipedia.org/wiki/IRC_(protocolo)',
      href: 'https://pt.wikipedia.org/wiki/IRC_(protocolo)',
    });
    expect(segments.at(-1)).toEqual({ kind: 'text', text: ').' });
  });

  it('never links other schemes', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example', 'mailto:a@b.c']) {
      expect(
        segmentMessage(text, null).every((segment) => segment.kind === 'text'),
        text,
      ).toBe(true);
    }
  });

  it('keeps markup as plain text for React to escape', () => {
    expect(segmentMessage('<img src=x onerror=alert(1)>', null)).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });

  it('marks whole-word mentions of the nickname, in any case, also next to links', () => {
    expect(segmentMessage('oi Maria_S, olha https://a.b maria_s!', 'maria_s')).toEqual([
      { kind: 'text', text: 'oi ' },
      { kind: 'mention', text: 'Maria_S' },
      { kind: 'text', text: ', olha ' },
      { kind: 'link', text: 'https://a.b', href: 'https://a.b/' },
      { kind: 'text', text: ' ' },
      { kind: 'mention', text: 'maria_s' },
      { kind: 'text', text: '!' },
    ]);
  });
});

describe('mentions', () => {
  it('matches the nickname as a word only', () => {
    expect(mentions('bia: oi', 'bia')).toBe(true);
    expect(mentions('oi @BIA', 'bia')).toBe(true);
    expect(mentions('biana chegou', 'bia')).toBe(false);
    expect(mentions('bia_2 chegou', 'bia')).toBe(false);
    expect(mentions('a-bia', 'bia')).toBe(false);
    expect(mentions('qualquer', null)).toBe(false);
  });

  it('treats the nickname literally, not as a pattern', () => {
    expect(mentions('a.b', 'a-b')).toBe(false);
  });
});
