import { describe, expect, it } from 'vitest';
import { formatLine, LineReader, parseLine, splitText } from './line.js';

const parse = (text: string | Buffer) => parseLine(typeof text === 'string' ? Buffer.from(text) : text);

describe('IRC line parser', () => {
  it('reads tags, source, command and parameters, the trailing one with its spaces', () => {
    expect(
      parse('@time=2026-11-27T10:00:00.000Z;+typing=active;flag :alice!a@host PRIVMSG #barra :olá  a todos'),
    ).toEqual({
      tags: new Map([
        ['time', '2026-11-27T10:00:00.000Z'],
        ['+typing', 'active'],
        ['flag', ''],
      ]),
      source: 'alice!a@host',
      command: 'PRIVMSG',
      params: ['#barra', 'olá  a todos'],
    });
    expect(parse('nick  Lua')).toMatchObject({ command: 'NICK', params: ['Lua'] });
    expect(parse('USER lua 0 * :Lua Cheia')).toMatchObject({ command: 'USER', params: ['lua', '0', '*', 'Lua Cheia'] });
    expect(parse('PRIVMSG #barra :')).toMatchObject({ params: ['#barra', ''] });
  });

  it('unescapes tag values as message-tags says, and writes them back escaped', () => {
    const parsed = parse('@k=a\\sb\\:c\\\\d\\re\\nf\\x TAGMSG bob');
    expect(parsed).toMatchObject({ tags: new Map([['k', 'a b;c\\d\re\nfx']]) });
    expect(formatLine({ tags: new Map([['k', 'a b;c\\d']]), command: 'TAGMSG', params: ['bob'] })).toBe(
      '@k=a\\sb\\:c\\\\d TAGMSG bob',
    );
  });

  it('keeps a line to 512 bytes without its tags and the tags to 8,191 bytes', () => {
    expect(parse(`PRIVMSG #barra :${'a'.repeat(510 - 'PRIVMSG #barra :'.length)}`)).toMatchObject({
      command: 'PRIVMSG',
    });
    expect(parse(`PRIVMSG #barra :${'a'.repeat(511 - 'PRIVMSG #barra :'.length)}`)).toBe('too_long');
    // bytes, not characters: 255 two-byte letters fit, 256 do not.
    expect(parse(`PRIVMSG #b :${'é'.repeat(249)}`)).toMatchObject({ command: 'PRIVMSG' });
    expect(parse(`PRIVMSG #b :${'é'.repeat(250)}`)).toBe('too_long');
    expect(parse(`@k=${'v'.repeat(8191 - 4)} PING x`)).toMatchObject({ command: 'PING' });
    expect(parse(`@k=${'v'.repeat(8191 - 3)} PING x`)).toBe('too_long');
  });

  it('refuses invalid UTF-8, NUL, a line with no command and a command that is no word', () => {
    expect(parse(Buffer.from([0x50, 0x49, 0x4e, 0x47, 0x20, 0xc3, 0x28]))).toBe('invalid_utf8');
    expect(parse(Buffer.from('PRIVMSG #barra :a\0b'))).toBe('nul');
    expect(parse('   ')).toBe('empty');
    expect(parse(':alice!a@h')).toBe('malformed');
    expect(parse('@only-tags')).toBe('malformed');
    expect(parse('PRIV-MSG x')).toBe('malformed');
    expect(parse('001 alice :hi')).toMatchObject({ command: '001' });
  });

  it('never lets CR, LF or NUL of a text break the written line', () => {
    expect(formatLine({ source: 'srv', command: 'PRIVMSG', params: ['#barra', 'um\r\nQUIT :x\0'] })).toBe(
      ':srv PRIVMSG #barra :um  QUIT :x ',
    );
    expect(formatLine({ command: 'PRIVMSG', params: ['#barra', ':)'] })).toBe('PRIVMSG #barra ::)');
    expect(formatLine({ command: 'PRIVMSG', params: ['#barra', 'uma'] })).toBe('PRIVMSG #barra uma');
  });

  it('cuts a long text at character boundaries and at its line breaks', () => {
    expect(splitText('abcdef', 4)).toEqual(['abcd', 'ef']);
    expect(splitText('ééé', 4)).toEqual(['éé', 'é']);
    expect(splitText('um\n\ndois', 10)).toEqual(['um', 'dois']);
  });
});

describe('IRC line reader', () => {
  it('splits at LF, drops the CR, and joins lines split across chunks', () => {
    const reader = new LineReader();
    expect(reader.push(Buffer.from('NICK a\r\nUSER a 0 * :'))).toEqual([Buffer.from('NICK a')]);
    expect(reader.push(Buffer.from('A\nPING x\n'))).toEqual([Buffer.from('USER a 0 * :A'), Buffer.from('PING x')]);
    expect(reader.push(Buffer.from('\r\n\n'))).toEqual([]);
  });

  it('refuses an overlong line once, skips the rest of it, and reads the next line', () => {
    const reader = new LineReader(100);
    expect(reader.push(Buffer.from('x'.repeat(150)))).toEqual(['too_long']);
    expect(reader.push(Buffer.from('x'.repeat(5000)))).toEqual([]);
    expect(reader.push(Buffer.from('xx\nPING ok\n'))).toEqual([Buffer.from('PING ok')]);
    expect(reader.push(Buffer.from(`${'y'.repeat(120)}\nPING ok\n`))).toEqual(['too_long', Buffer.from('PING ok')]);
  });
});
