import { maxOpenChannels } from '@papo/contract/open-channels';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser, type TestUser } from '../../test/users.js';

describeEachDialect('open channels per account', (dialect) => {
  const t = useTestApp({ dialect });

  const call = (method: 'GET' | 'PUT' | 'DELETE', user: TestUser | null, name?: string) =>
    t.app.inject({ method, url: name === undefined ? '/api/open-channels' : `/api/open-channels/${name}`, headers: user?.headers ?? {} });
  const list = async (user: TestUser) => (await call('GET', user)).json().channels as string[];

  it('needs a token', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) expect((await call(method, null, method === 'GET' ? undefined : 'barra')).statusCode).toBe(401);
  });

  it('keeps each account its own tabs in the order opened, once each, until closed', async () => {
    const [me, other] = [await buildUser(t.app), await buildUser(t.app)];
    expect(await list(me)).toEqual([]);
    expect((await call('PUT', me, 'rio')).json()).toEqual({ channels: ['rio'] });
    await call('PUT', me, 'barra');
    expect((await call('PUT', me, 'rio')).json()).toEqual({ channels: ['rio', 'barra'] });
    await call('PUT', other, 'sampa');
    expect(await list(me)).toEqual(['rio', 'barra']);
    expect((await call('DELETE', me, 'rio')).json()).toEqual({ channels: ['barra'] });
    expect((await call('DELETE', me, 'rio')).statusCode).toBe(200);
    await call('PUT', me, 'rio');
    expect(await list(me)).toEqual(['barra', 'rio']);
    expect(await list(other)).toEqual(['sampa']);
  });

  it('refuses a name that cannot be a channel with a message key', async () => {
    const me = await buildUser(t.app);
    for (const name of ['Barra', 'a'.repeat(31), '%23barra']) {
      const answer = await call('PUT', me, name);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'validation_failed', errors: { name: ['invalid_channel'] } });
    }
    expect(await list(me)).toEqual([]);
  });

  it('forgets the channel opened longest ago past the cap', async () => {
    const me = await buildUser(t.app);
    for (let n = 0; n <= maxOpenChannels; n++) await call('PUT', me, `c${n}`);
    const kept = await list(me);
    expect(kept).toHaveLength(maxOpenChannels);
    expect(kept[0]).toBe('c1');
    expect(kept.at(-1)).toBe(`c${maxOpenChannels}`);
  });
});
