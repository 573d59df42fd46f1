import { chromium } from 'playwright-core';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const base = process.env.BASE ?? 'http://127.0.0.1:3411';
const dist = process.env.DIST ?? '/work/wt-web/apps/web/dist';
const routes = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const route of routes) {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  const scripts = new Set(); const errors = [];
  page.on('request', (r) => { if (r.resourceType() === 'script' || r.url().endsWith('.js')) scripts.add(new URL(r.url()).pathname); });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text().slice(0, 200)); });
  await page.goto(base + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  let total = 0; const rows = [];
  for (const s of scripts) { const f = dist + s; if (!existsSync(f)) continue; const kb = gzipSync(readFileSync(f), { level: 9 }).length / 1024; total += kb; rows.push(`${kb.toFixed(1)} ${s}`); }
  console.log(route, total.toFixed(1), 'KiB', scripts.size, 'files', errors.length ? 'ERRORS: ' + errors.join(' | ') : '');
  if (process.env.V) console.log(rows.sort().join('\n'));
  await page.close();
}
await browser.close();
