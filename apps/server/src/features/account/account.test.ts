import type { AccountSessions } from '@papo/contract/account';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { latestMailTo } from '../../test/mail.js';
import { commandOf, connectRawIrc, gatewayPort, registerRawIrc } from '../../test/raw-irc.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import { buildAccount, goodPassword } from '../../test/users.js';
import { bearer, chromeOnLinux, firefoxOnAndroid, randomAddress, signIn, watchSignOut } from './test-support.js';

describeEachDialect('account settings: password and signed-in devices', (dialect) => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await startListeningTestApp({ dialect, env: { IRC_PORT: '0' } });
  });
  afterAll(() => t?.close());

  const sessionsOf = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AccountSessions>().sessions;
  };

  it('changes the password with the current one, keeps this device and signs the others out; the mail confirms', async () => {
    const member = await buildAccount(t.app, { username: `troca${dialect}`, email: `troca-${dialect}@example.com` });
    const [here, there] = [
      await signIn(t.app, member.username),
      await signIn(t.app, member.username, firefoxOnAndroid),
    ];
    const [hereSocket, thereSocket] = [await t.connect(here), await t.connect(there)];
    const thereWatch = watchSignOut(thereSocket);
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/password',
        headers: bearer(here.token),
        payload: { currentPassword, newPassword },
        remoteAddress: randomAddress(),
      });

    const wrong = await change('nao-e-esta', 'Senha-nova-bem-longa-1');
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 403,
      body: { message: 'wrong_password', errors: { currentPassword: ['wrong_password'] } },
    });
    expect((await change(goodPassword, 'curta')).json()).toMatchObject({
      message: 'validation_failed',
      errors: { newPassword: ['password_too_short'] },
    });

    const done = await change(goodPassword, 'Senha-nova-bem-longa-1');
    expect(done.statusCode, done.body).toBe(200);
    const { token } = done.json<{ message: string; token: string }>();
    await thereWatch.closed;
    expect(thereWatch.reasons).toEqual(['password_changed']);
    expect(hereSocket.connected).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: there.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: here.refresh_token } }))
        .statusCode,
    ).toBe(200);
    expect((await sessionsOf(token)).map((session) => session.current)).toEqual([true]);
    // The second sign-in was a new device's mail, then the change's.
    const mail = await latestMailTo(t.dataDir, `troca-${dialect}@example.com`, 2);
    expect(mail.subject).toBe('A senha do seu Papo foi alterada');
    expect((await signIn(t.app, member.username, chromeOnLinux, 'Senha-nova-bem-longa-1')).token).toBeTruthy();
  });

  it('lists the browsers and the IRC link; "sair" ends one, "sair de todos os outros" keeps only this one', async () => {
    const member = await buildAccount(t.app, { username: `aparelhos${dialect}` });
    const laptop = await signIn(t.app, member.username, chromeOnLinux);
    const phone = await signIn(t.app, member.username, firefoxOnAndroid);
    const irc = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(t.app) });
    await registerRawIrc(irc, { username: member.username, password: goodPassword });
    const phoneSocket = await t.connect(phone);
    const phoneWatch = watchSignOut(phoneSocket);

    const listed = await sessionsOf(laptop.token);
    // This device first, then the others, the most recently seen first (the IRC link signed in last).
    expect(listed.map(({ kind, current, browser }) => ({ kind, current, browser }))).toEqual([
      { kind: 'web', current: true, browser: 'Chrome · Linux' },
      { kind: 'irc', current: false, browser: null },
      { kind: 'web', current: false, browser: 'Firefox · Android' },
    ]);
    for (const session of listed)
      expect(Date.parse(session.lastSeen)).toBeGreaterThanOrEqual(Date.parse(session.firstSeen));
    const phoneSession = listed.find((session) => session.browser === 'Firefox · Android');

    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneSession?.id}`,
      headers: bearer(laptop.token),
    });
    expect(out.statusCode).toBe(204);
    await phoneWatch.closed;
    expect(phoneWatch.reasons).toEqual(['logged_out']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneSession?.id}`,
      headers: bearer(laptop.token),
    });
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 404,
      body: { message: 'session_not_found' },
    });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/account/sessions/nao-e-um-id',
          headers: bearer(laptop.token),
        })
      ).statusCode,
    ).toBe(404);

    const others = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions',
      headers: bearer(laptop.token),
    });
    expect(others.statusCode).toBe(204);
    expect(await irc.waitFor((line) => commandOf(line) === 'ERROR')).toContain('(signed out of every device)');
    const left = await sessionsOf(laptop.token);
    expect(left.map(({ kind, current }) => ({ kind, current }))).toEqual([{ kind: 'web', current: true }]);
  });

  it("refuses another member's session and callers without a token", async () => {
    const [ana, bia] = [
      await buildAccount(t.app, { username: `ana${dialect}` }),
      await buildAccount(t.app, { username: `bia${dialect}` }),
    ];
    const anaSession = await signIn(t.app, ana.username);
    const [anas] = await sessionsOf(anaSession.token);
    const biaSession = await signIn(t.app, bia.username);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${anas?.id}`,
      headers: bearer(biaSession.token),
    });
    expect(res.statusCode).toBe(404);
    expect(await sessionsOf(anaSession.token)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });
});
