import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import pt from '../locales/pt.json';
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../test/fake-context';
import { ok, refused, stubApi } from '../test/fake-fetch';
import { durationArg, parseInput } from './parse';
import { findCommand, runInput, slashCommands } from './registry';

function parse(name: string, args: string) {
  const command = findCommand(name);
  if (!command) throw new Error(`no command ${name}`);
  return command.parse(args);
}

const usages: Record<string, Record<string, string>> = {
  pt: pt.slash.usages,
  en: en.slash.usages,
  fr: fr.slash.usages,
  es: es.slash.usages,
};

describe('parseInput', () => {
  it('reads text, commands (any case) and the // escape', () => {
    expect(parseInput('  oi pessoal  ')).toEqual({ kind: 'text', text: 'oi pessoal' });
    expect(parseInput('/ME  acena ')).toEqual({ kind: 'command', name: 'me', args: 'acena' });
    expect(parseInput('/help')).toEqual({ kind: 'command', name: 'help', args: '' });
    expect(parseInput('//shrug')).toEqual({ kind: 'text', text: '/shrug' });
    expect(parseInput('   ')).toBeNull();
  });

  it('reads ban durations in minutes, hours and days', () => {
    expect(durationArg('+30m')).toBe(30);
    expect(durationArg('+2h')).toBe(120);
    expect(durationArg('+7d')).toBe(10080);
    expect(durationArg('+0')).toBe(0);
    expect(durationArg('+15')).toBe(15);
    expect(durationArg('2h')).toBeNull();
    expect(durationArg('+2w')).toBeNull();
  });
});

describe('slash command arguments', () => {
  it('lists every command of the brief, /help last', () => {
    expect(slashCommands.map((command) => command.name)).toEqual([
      'me',
      'nick',
      'join',
      'part',
      'topic',
      'msg',
      'query',
      'whois',
      'op',
      'deop',
      'voice',
      'devoice',
      'kick',
      'ban',
      'kickban',
      'unban',
      'help',
    ]);
  });

  it.each([
    ['me', 'dança', { text: 'dança' }],
    ['me', '', null],
    ['nick', 'novo_nick', { nickname: 'novo_nick' }],
    ['nick', 'two words', null],
    ['nick', 'ação', null],
    ['join', '#rio', { channel: 'rio' }],
    ['join', 'Sampa', { channel: 'sampa' }],
    ['join', '#homesamba', null],
    ['join', '#no spaces', null],
    ['join', '', null],
    ['part', '', {}],
    ['part', 'tchau!', {}],
    ['topic', '', { text: null }],
    ['topic', 'Bem-vindos ao #barra', { text: 'Bem-vindos ao #barra' }],
    ['topic', 'x'.repeat(301), null],
    ['msg', 'bia', { nickname: 'bia', text: '' }],
    ['msg', 'bia oi, tudo bem?', { nickname: 'bia', text: 'oi, tudo bem?' }],
    ['msg', '', null],
    ['query', 'bia', { nickname: 'bia' }],
    ['query', 'bia oi', null],
    ['whois', 'bia', { nickname: 'bia' }],
    ['whois', '', null],
    ['op', 'bia', { nickname: 'bia' }],
    ['op', 'bia caio', null],
    ['deop', 'bia', { nickname: 'bia' }],
    ['voice', 'bia', { nickname: 'bia' }],
    ['devoice', '', null],
    ['kick', 'bia', { nickname: 'bia', reason: '' }],
    ['kick', 'bia chega de spam', { nickname: 'bia', reason: 'chega de spam' }],
    ['kick', `bia ${'r'.repeat(201)}`, null],
    ['ban', 'bia', { nickname: 'bia', reason: '' }],
    ['ban', 'bia +2h flood', { nickname: 'bia', durationMinutes: 120, reason: 'flood' }],
    ['ban', 'bia +0', { nickname: 'bia', durationMinutes: 0, reason: '' }],
    ['ban', 'bia +2x flood', null],
    ['kickban', 'bia spam', { nickname: 'bia', reason: 'spam' }],
    ['kickban', 'bia +1d', { nickname: 'bia', durationMinutes: 1440, reason: '' }],
    ['unban', 'bia', { nickname: 'bia' }],
    ['unban', '', null],
    ['help', '', { name: null }],
    ['help', '/KICK', { name: 'kick' }],
  ])('/%s %s', (name, args, expected) => {
    expect(parse(name, args)).toEqual(expected);
  });
});

describe('runInput', () => {
  it('sends text and /me as an action', async () => {
    const ctx = fakeContext();
    await runInput(ctx, 'oi');
    await runInput(ctx, '/me acena');
    expect(ctx.send.mock.calls).toEqual([
      ['oi', false],
      ['acena', true],
    ]);
  });

  it('answers an unknown command and wrong arguments with a line, sending nothing', async () => {
    const ctx = fakeContext();
    await runInput(ctx, '/dance');
    await runInput(ctx, '/kick');
    expect(ctx.say.mock.calls).toEqual([
      ['unknownCommand', { name: 'dance' }, 'error'],
      ['usage', { usageKey: 'slash.usages.kick' }, 'error'],
    ]);
    expect(ctx.send).not.toHaveBeenCalled();
  });

  it('lists every command with /help, then the keyboard shortcuts', async () => {
    const ctx = fakeContext();
    await runInput(ctx, '/help');
    expect(ctx.say).toHaveBeenCalledTimes(slashCommands.length + 3);
    expect(ctx.say).toHaveBeenCalledWith('helpKeys', {}, 'info');
    expect(ctx.say).toHaveBeenCalledWith(
      'helpLine',
      { usageKey: 'slash.usages.op', descriptionKey: 'slash.descriptions.op' },
      'info',
    );
    expect(ctx.say).toHaveBeenLastCalledWith('helpIrc', {}, 'info');
  });

  it.each(Object.entries(usages))(
    'has a usage for every command in %s, with placeholders in that language',
    (language, texts) => {
      expect(Object.keys(texts).sort()).toEqual(slashCommands.map((command) => command.name).sort());
      for (const command of slashCommands) expect(texts[command.name]).toMatch(new RegExp(`^/${command.name}(\\s|$)`));
      // 'action' is French too.
      if (language === 'pt' || language === 'es')
        expect(Object.values(texts).join(' ')).not.toMatch(/<nick>|\[reason\]|\[command\]|\[text\]|<action>|<channel>/);
    },
  );

  it('/op and /voice call channel-level with the level; only a refusal is a ChanServ line', async () => {
    const calls = stubApi({
      '/api/channel-level': (call) =>
        (call.body as { nickname: string }).nickname === 'bia'
          ? ok({
              status: 'success',
              message: 'Successfully updated channel level for bia',
              name: 'bia',
              level: 5,
              changed: true,
            })
          : refused(403, 'target_level_too_high'),
    });
    const ctx = fakeContext();
    await runInput(ctx, '/op bia');
    await runInput(ctx, '/voice caio');
    expect(calls.map((call) => call.body)).toEqual([
      { nickname: 'bia', channel_name: '#barra', new_level: 5 },
      { nickname: 'caio', channel_name: '#barra', new_level: 3 },
    ]);
    expect(ctx.say.mock.calls).toEqual([['chanserv', { textKey: 'chatErrors.target_level_too_high' }, 'error']]);
  });

  it('/kickban and /ban post a ban that does or does not kick', async () => {
    const calls = stubApi({ '/api/ban': () => ok({ status: 'success', message: 'user_banned', expiresAt: null }) });
    const ctx = fakeContext();
    await runInput(ctx, '/kickban bia +0 spam');
    await runInput(ctx, '/ban caio');
    expect(calls.map((call) => call.body)).toEqual([
      { channel: '#barra', nickname: 'bia', kick: true, reason: 'spam', duration_minutes: 0 },
      { channel: '#barra', nickname: 'caio', kick: false },
    ]);
  });

  it('/msg opens the conversation with a user of the channel and sends the text', async () => {
    const calls = stubApi({
      '/api/add-conversation': () => ok({ conversation_id: 12 }),
      '/api/conversations/private/messages': () => ok({ id: 1, timestamp: 't' }),
    });
    const ctx = fakeContext({}, [{ id: 7, nickname: 'Bia', level: 0 }]);
    await runInput(ctx, '/msg bia oi!');
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/add-conversation', { user: 7 }],
      ['/api/conversations/private/messages', { conversation_id: 12, content: 'oi!' }],
    ]);
    expect(ctx.navigate).toHaveBeenCalledWith('/pvt/12');
  });

  it('/msg and /query reach a member in no shared channel by name, and say so when nobody has it', async () => {
    const calls = stubApi({
      '/api/add-conversation': (call) =>
        (call.body as { nickname: string }).nickname === 'bia'
          ? ok({ conversation_id: 13 })
          : refused(404, 'user_not_found'),
    });
    const ctx = fakeContext();
    await runInput(ctx, '/query bia');
    await runInput(ctx, '/msg ninguem oi');
    expect(calls.map((call) => call.body)).toEqual([{ nickname: 'bia' }, { nickname: 'ninguem' }]);
    expect(ctx.navigate).toHaveBeenCalledExactlyOnceWith('/pvt/13');
    expect(ctx.say).toHaveBeenCalledWith('notice', { textKey: 'slash.notFound', nickname: 'ninguem' }, 'error');
  });

  it('/nick selects an own nickname, or registers a new one first', async () => {
    const calls = stubApi({
      'GET /api/nicknames': () =>
        ok({ nicknames: [{ id: 3, nickname: 'Aninha', is_selected: false, isSelected: false }] }),
      'POST /api/nicknames': () => ({
        status: 201,
        body: { nickname: { id: 4, nickname: 'nova', is_selected: false, isSelected: false } },
      }),
      '/api/select-nickname': () => ok({ message: 'nickname_selected' }),
    });
    await runInput(fakeContext(), '/nick aninha');
    await runInput(fakeContext(), '/nick nova');
    expect(calls.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body ?? null)}`)).toEqual([
      'GET /api/nicknames null',
      'POST /api/select-nickname {"nicknameId":3}',
      'GET /api/nicknames null',
      'POST /api/nicknames {"nickname":"nova"}',
      'POST /api/select-nickname {"nicknameId":4}',
    ]);
  });

  it('/topic without text shows the topic; /join and /whois need no server call', async () => {
    const ctx = fakeContext({ topic: 'Sejam bem-vindos' });
    await runInput(ctx, '/topic');
    await runInput(ctx, '/join #rio');
    await runInput(ctx, '/whois bia');
    expect(ctx.say).toHaveBeenCalledWith('topicIs', { channel: 'barra', topic: 'Sejam bem-vindos' }, 'topic');
    expect(ctx.navigate).toHaveBeenCalledWith('/rio');
    expect(ctx.openWhois).toHaveBeenCalledWith('bia');
  });

  it("/join of a name that is a page's address says so and opens nothing", async () => {
    const ctx = fakeContext();
    await runInput(ctx, '/join #irc');
    await runInput(ctx, '/join Blog');
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.say).toHaveBeenCalledTimes(2);
    expect(ctx.say).toHaveBeenCalledWith('notice', { textKey: 'errors.channel_name_reserved' }, 'error');
  });
});
