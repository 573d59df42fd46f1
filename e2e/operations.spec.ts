import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

const admin: Account = {
  username: 'operadora_e2e',
  email: 'operadora@papo.test',
  password: 'senha-longa-e2e-123',
  role: 'ROLE_ADMIN',
};
const moderator: Account = {
  username: 'moderador_ops_e2e',
  email: 'moderador-ops@papo.test',
  password: 'senha-longa-e2e-123',
  role: 'ROLE_MODERATOR',
};

const suite = useBrowserSuite();

beforeAll(async () => {
  await createUser(suite.server, admin);
  await createUser(suite.server, moderator);
});

describe('the operations screen', () => {
  it.each(['desktop', 'mobile'] as const)(
    'an administrator opens it from the tools (%s) and sees the node ready with its checks',
    async (device) => {
      const { page, finish } = await suite.open(device, { cookieChoice: true });
      await logIn(page, admin);
      if (device === 'desktop') {
        await page.getByRole('link', { name: 'Operações' }).click();
        await page.waitForURL(/\/operations$/);
      } else await page.goto('/operations');
      const node = page.getByTestId('operations-node');
      await node.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Operações');
      expect(await node.getByTestId('operations-readiness').innerText()).toBe('Pronto');
      expect(await node.getByTestId('operations-check-database').innerText()).toMatch(/Banco de dados\s+OK/);
      expect(await node.getByTestId('operations-check-mail').innerText()).toContain('OK');
      expect(await node.innerText()).toContain('(este nó)');
      await expectAccessible(page);
      await screenshot(page, `operations-${device}`);
      await finish();
    },
  );

  it('a moderator has no link to it and the server refuses them its data', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await logIn(page, moderator);
    await page.getByRole('link', { name: 'Imagens' }).waitFor();
    expect(await page.getByRole('link', { name: 'Operações' }).count()).toBe(0);
    await finish();
    const token = await apiToken(suite.server, moderator);
    const res = await fetch(`${suite.server.url}/api/operations`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'forbidden' });
  });
});
