import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { useWebBuild } from '../test/web-build.js';
import { createRenderBudget } from './render-budget.js';

describe('the budget of new renders', () => {
  it('gives each address twice its rate at once, then its rate, and the node its own whoever asks', () => {
    let now = 1_000_000;
    const budget = createRenderBudget({ perAddress: 1, overall: 2, now: () => now });
    const admit = (address: string, times: number) => Array.from({ length: times }, () => budget.admit(address));
    expect(admit('10.0.0.1', 3)).toEqual([true, true, false]);
    expect(admit('10.0.0.2', 2)).toEqual([true, true]);
    // The node's four are spent, whatever an address has left.
    expect(admit('10.0.0.3', 1)).toEqual([false]);
    now += 1_000;
    // A second refills one for each address and two for the node.
    expect([...admit('10.0.0.1', 2), ...admit('10.0.0.3', 2)]).toEqual([true, false, true, false]);
    expect(budget.refused()).toBe(4);
  });
});

/** A page as a browser on `address` (a loopback address of its own) asks for it, through the listening server. */
function browse(port: number, path: string, address: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, localAddress: address, headers: { accept: 'text/html' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Buffer.concat(chunks).toString('utf8'))
            : reject(new Error(`${path}: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Whether the server rendered the page (its markup and handover), or sent it for the browser to render. */
const serverRendered = (html: string) => html.includes('id="papo-handover"') && !html.includes('<div id="root"></div>');

describe('renders a storm of declared query parameters cannot force', () => {
  const build = useWebBuild();
  let t: TestApp;
  let port: number;
  // one new render a second per address (two at once) and four on the node (eight at once).
  const perAddress = 1;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { WEB_DIST: build.dist, RENDERS_PER_ADDRESS: String(perAddress), RENDERS_PER_NODE: '4' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("sends one address's random ?q= to the browser past its budget, while another address and kept pages still get server renders", async () => {
    const stormer = '127.0.0.2';
    const other = '127.0.0.3';
    expect(serverRendered(await browse(port, '/blog', stormer))).toBe(true);
    expect(serverRendered(await browse(port, '/lyrics?q=samba', stormer))).toBe(true);

    const started = performance.now();
    const answers: boolean[] = [];
    // The storm ends once an answer was left to the browser (or after 60 requests, which the test then fails on).
    while (answers.length < 60 && !answers.includes(false)) {
      answers.push(serverRendered(await browse(port, `/blog?q=${randomBytes(6).toString('hex')}`, stormer)));
    }
    const seconds = (performance.now() - started) / 1000;
    const rendered = answers.filter(Boolean).length;
    expect(answers.at(-1), `${rendered} renders in ${seconds.toFixed(1)} s`).toBe(false);
    // One of the two at once went to /lyrics?q=samba; the rest refill at the address's rate.
    expect(rendered).toBeLessThanOrEqual(1 + Math.ceil(seconds * perAddress));
    // Still past its budget, the storming address gets the page as the browser renders it, at once.
    expect(serverRendered(await browse(port, `/bio?tag=${randomBytes(6).toString('hex')}`, stormer))).toBe(false);
    expect(t.app.renderedPages.stats()?.overBudget).toBe(2);

    // Another address still gets its new page rendered by the server.
    expect(serverRendered(await browse(port, '/blog?q=choro', other))).toBe(true);
    // Kept pages, with or without declared parameters, are still answered from memory to the storming address.
    expect(serverRendered(await browse(port, '/blog', stormer))).toBe(true);
    expect(serverRendered(await browse(port, '/lyrics?q=samba', stormer))).toBe(true);
    expect(serverRendered(await browse(port, '/blog?q=choro', stormer))).toBe(true);
  });
});
