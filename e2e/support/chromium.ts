/** Debian's Chromium; playwright-core and Lighthouse never download a browser. */
export const chromiumPath = '/usr/bin/chromium';

/** Chromium flags that work on these machines (no GPU, no sandbox, no outside network chatter). */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
