import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { commandOf, connectRawIrc, gatewayPort, registerRawIrc, type RawIrc } from '../../test/raw-irc.js';
import { goodPassword, type TestUser } from '../../test/users.js';
import { requestFounding, startChatHarness, type ChatHarness } from '../chat/test-support.js';

describeEachDialect(
  'IRC sees what the web sees: LIST, the ban list, and the web member behind a mode or topic',
  (dialect) => {
    let h: ChatHarness;
    const open: RawIrc[] = [];
    beforeAll(async () => {
      h = await startChatHarness(dialect, { IRC_PORT: '0' });
    });
    afterEach(() => {
      for (const client of open.splice(0)) client.close();
      h.disconnectAll();
    });
    afterAll(() => h.close());

    /** A raw IRC client signed in as the member. */
    const irc = async (user: TestUser): Promise<RawIrc> => {
      const client = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(h.t.app) });
      open.push(client);
      await registerRawIrc(client, { username: user.username, password: goodPassword });
      return client;
    };
    /** Sends a line and collects the numerics that answer it up to `end`. */
    const ask = async (client: RawIrc, line: string, end: string): Promise<string[]> => {
      const from = client.received.length;
      client.send(line);
      await client.waitFor((received) => commandOf(received) === end, 10_000, from);
      return client.received.slice(from);
    };
    const joinIrc = async (client: RawIrc, channel: string) => {
      await ask(client, `JOIN ${channel}`, '366');
    };

    it('LIST names a channel a member founded, with how many are in it, after the curated ones; LIST *word* narrows it', async () => {
      const founder = await h.member();
      const web = await h.connect(founder);
      expect(await requestFounding(web, '#fundado-na-web')).toEqual({ ok: true });
      const client = await irc(await h.member());
      const listed = async (line: string) =>
        (await ask(client, line, '323')).filter((answer) => commandOf(answer) === '322');
      const all = await listed('LIST');
      const names = all.map((line) => line.split(' ')[3]);
      expect(all.find((line) => line.split(' ')[3] === '#fundado-na-web')).toMatch(/ 322 \S+ #fundado-na-web 1 :$/);
      expect(names.indexOf('#barra')).toBeLessThan(names.indexOf('#fundado-na-web'));
      expect((await listed('LIST *fundado*')).map((line) => line.split(' ')[3])).toEqual(['#fundado-na-web']);
      expect((await listed('LIST #BARRA')).map((line) => line.split(' ')[3])).toEqual(['#barra']);
      expect(await listed('LIST >0')).toHaveLength(all.length);

      // past a thousand names the list stops and says how to narrow it, rather than overflow the client's SendQ.
      await h.t.app.db
        .insertInto('channels')
        .values(Array.from({ length: 1_001 }, (_, i) => ({ name: `lista-${String(i).padStart(4, '0')}` })))
        .execute();
      const from = client.received.length;
      expect(await listed('LIST *lista-*')).toHaveLength(1_000);
      expect(client.received.slice(from).find((line) => commandOf(line) === 'NOTICE')).toMatch(
        /More channels than 1000: LIST \*word\*/,
      );
    });

    it('MODE #c b lists the bans in force to an operator (367 then 368) and an empty list to anyone else', async () => {
      const [op, alice, bob] = [await h.member(), await h.member(), await h.member()];
      await h.setLevel('banidos', op.id, 5);
      expect(
        (await h.post(op, '/api/ban', { channel: 'banidos', nickname: alice.username, reason: 'spam' })).statusCode,
      ).toBe(200);
      const opIrc = await irc(op);
      const answer = await ask(opIrc, 'MODE #banidos b', '368');
      const entries = answer.filter((line) => commandOf(line) === '367');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatch(
        new RegExp(` 367 ${op.username} #banidos ${alice.username}!\\*@\\* ${op.username} \\d+$`),
      );

      const others = await ask(await irc(bob), 'MODE #banidos +b', '368');
      expect(others.filter((line) => commandOf(line) === '367')).toEqual([]);
    });

    it('shows a web op, deop and topic with the web member as the source, not the server', async () => {
      const [master, alice, watcher] = [await h.member(), await h.member(), await h.member()];
      await h.setLevel('fonte', master.id, 10);
      await h.joined(alice, '#fonte');
      const client = await irc(watcher);
      await joinIrc(client, '#fonte');
      const from = client.received.length;
      const level = (new_level: number) =>
        h.post(master, '/api/channel-level', { channel_name: 'fonte', nickname: alice.username, new_level });
      expect((await level(5)).statusCode).toBe(200);
      expect(await client.waitFor((line) => / MODE #fonte /.test(line), 10_000, from)).toBe(
        `:${master.username}!${master.username}@localhost MODE #fonte +o ${alice.username}`,
      );
      const afterOp = client.received.length;
      expect((await level(0)).statusCode).toBe(200);
      expect(await client.waitFor((line) => / MODE #fonte -o /.test(line), 10_000, afterOp)).toMatch(
        new RegExp(`^:${master.username}!`),
      );

      const put = await h.t.app.inject({
        method: 'PUT',
        url: '/api/topic',
        headers: master.headers,
        payload: { channel: 'fonte', content: 'Novo tópico' },
      });
      expect(put.statusCode).toBe(200);
      expect(await client.waitFor((line) => / TOPIC #fonte /.test(line), 10_000, from)).toBe(
        `:${master.username}!${master.username}@localhost TOPIC #fonte :Novo tópico`,
      );
    });
  },
);
