import { reservedChannelNames } from '@papo/contract/channels';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { registeredIrc, type IrcTestClient } from '../irc/test-support.js';
import { findChannel } from './channel-repo.js';
import { requestFounding, startChatHarness, type ChatHarness } from './test-support.js';

/** A channel's page is `/<name>`: a name that is a page's address (`/irc`, `/blog`) cannot be founded, from the web or IRC. */
describeEachDialect('channel names reserved by the pages', (dialect) => {
  let h: ChatHarness;
  const open: IrcTestClient[] = [];

  beforeAll(async () => {
    h = await startChatHarness(dialect, { IRC_PORT: '0' });
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.quit();
    h.disconnectAll();
  });
  afterAll(() => h.close());

  it("refuses founding a page's name over the socket with channel_name_reserved, to members and staff alike", async () => {
    const member = await h.member();
    const staff = await h.member({ staff: true });
    const [memberSocket, staffSocket] = [await h.connect(member), await h.connect(staff)];
    for (const name of ['irc', 'blog', 'channels', 'login', 'bioedit', 'api']) {
      expect(reservedChannelNames).toContain(name);
      expect(await requestFounding(memberSocket, `#${name}`), name).toEqual({
        ok: false,
        message: 'channel_name_reserved',
      });
      expect(await requestFounding(staffSocket, `#${name}`), name).toEqual({
        ok: false,
        message: 'channel_name_reserved',
      });
      expect(await findChannel(h.t.app.db, name), name).toBeUndefined();
    }
    // a name that is no page's is founded as any other.
    expect(await requestFounding(memberSocket, '#ircnautas')).toEqual({ ok: true });
    expect((await findChannel(h.t.app.db, 'ircnautas'))?.founderId).toBe(member.id);
  });

  it("refuses /msg ChanServ REGISTER of a page's name, and does not suggest it on JOIN", async () => {
    const alice = await h.member();
    const client = await registeredIrc(h.t.app, { nick: alice.username });
    open.push(client);
    let from = client.mark();
    client.client.say('ChanServ', 'REGISTER #lyrics');
    expect(await client.line(/ 403 \S+ #lyrics /, from)).toContain('channel_name_reserved');
    expect(await findChannel(h.t.app.db, 'lyrics')).toBeUndefined();
    from = client.mark();
    client.client.join('#shop');
    const answer = await client.line(/ 403 \S+ #shop /, from);
    expect(answer).toContain('No such channel');
    expect(answer).not.toContain('REGISTER');
  });

  it('keeps a channel founded under such a name before it was reserved open to the web and IRC', async () => {
    await h.channel('login');
    const alice = await h.member();
    expect(await requestFounding(await h.connect(alice), '#login')).toEqual({ ok: true });
    const bob = await h.member();
    const client = await registeredIrc(h.t.app, { nick: bob.username });
    open.push(client);
    const from = client.mark();
    client.client.join('#login');
    await client.line(/ 366 \S+ #login /, from);
  });
});
