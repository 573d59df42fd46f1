import { typingRateLimit } from '@papo/contract/conversations';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

describeEachDialect('POST /api/typing in a channel', (dialect) => {
  let h: ChatHarness;
  const typing = (user: Parameters<ChatHarness['post']>[0], payload: object) => h.post(user, '/api/typing', payload);

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  it("tells the channel's other members under the typist's nickname, not the typist's tabs nor other channels", async () => {
    const [ana, bia, eva] = [await h.member(), await h.member(), await h.member()];
    const anaTab = await h.joined(ana, '#barra');
    const anaOtherTab = await h.joined(ana, '#barra');
    const biaTab = await h.joined(bia, '#barra');
    const evaTab = await h.joined(eva, '#rio');
    const heard = {
      ana: record(anaTab, 'typing'),
      anaOther: record(anaOtherTab, 'typing'),
      bia: record(biaTab, 'typing'),
      eva: record(evaTab, 'typing'),
    };
    expect((await typing(ana, { channel: '#barra', is_typing: true })).json()).toEqual({ status: 'success' });
    expect((await typing(ana, { channel: 'barra', is_typing: false })).statusCode).toBe(200);
    await waitFor('bia hears both', () => heard.bia.length === 2);
    expect(heard.bia).toEqual([
      [{ is_typing: true, username: ana.username, channel: '#barra' }],
      [{ is_typing: false, username: ana.username, channel: '#barra' }],
    ]);
    // a line is the marker: events reach a socket in the order they were sent, so absence is then a finding.
    const evaSeen = record(evaTab, 'new-message');
    await h.post(eva, '/api/send-message', { channel: 'rio', text: 'marcador' });
    await waitFor('the marker', () => evaSeen.length === 1);
    expect(heard.eva).toEqual([]);
    const anaSeen = record(anaTab, 'new-message');
    await h.post(bia, '/api/send-message', { channel: 'barra', text: 'marcador' });
    await waitFor('the marker for ana', () => anaSeen.length === 1);
    expect(heard.ana).toEqual([]);
    expect(heard.anaOther).toEqual([]);
  });

  it('refuses a member outside the channel and bad bodies with their keys', async () => {
    const [ana, bia] = [await h.member(), await h.member()];
    await h.joined(bia, '#barra');
    const outside = await typing(ana, { channel: 'barra', is_typing: true });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ message: 'not_in_channel' });
    const bad = await typing(ana, { channel: 'no spaces', is_typing: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'validation_failed', errors: { channel: ['invalid_channel'] } });
    const noFlag = await typing(ana, { channel: 'barra' });
    expect(noFlag.json()).toEqual({ message: 'validation_failed', errors: { is_typing: ['is_typing_required'] } });
  });

  it('is bounded per member by the typing limit: beyond it 429, and the others hear no more', async () => {
    const [ana, bia] = [await h.member(), await h.member()];
    await h.channel('bound');
    await h.joined(ana, '#bound');
    const biaTab = await h.joined(bia, '#bound');
    const heard = record(biaTab, 'typing');
    const codes: number[] = [];
    for (let i = 0; i < typingRateLimit.max + 3; i++)
      codes.push((await typing(ana, { channel: 'bound', is_typing: true })).statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(typingRateLimit.max);
    expect(codes.slice(typingRateLimit.max)).toEqual([429, 429, 429]);
    const seen = record(biaTab, 'new-message');
    await h.post(bia, '/api/send-message', { channel: 'bound', text: 'marcador' });
    await waitFor('the marker', () => seen.length === 1);
    expect(heard).toHaveLength(typingRateLimit.max);
  });
});
