import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { ircInfo } from './info.js';

describe('GET /api/irc', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://papo.example.org' } });

  it('says IRC is off on a node without IRC_PORT, with the host members would use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/irc' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, host: 'papo.example.org', port: null, tlsPort: null });
  });
});

describe('what /irc tells members', () => {
  const site = { PUBLIC_URL: 'https://papo.example.org:8443/' };

  it('gives PUBLIC_URL’s host name (never its port, nor IRC_HOST) and the plain port', () => {
    expect(ircInfo({ ...site, IRC_PORT: 6667 })).toEqual({
      enabled: true,
      host: 'papo.example.org',
      port: 6667,
      tlsPort: null,
    });
  });

  it('gives IRC_PORT as the TLS port, and no plain one, once both certificate and key are set', () => {
    const tls = { ...site, IRC_PORT: 6697, IRC_TLS_CERT: '/etc/papo/irc.crt', IRC_TLS_KEY: '/etc/papo/irc.key' };
    expect(ircInfo(tls)).toEqual({ enabled: true, host: 'papo.example.org', port: null, tlsPort: 6697 });
    expect(ircInfo({ ...tls, IRC_TLS_KEY: undefined })).toMatchObject({ port: 6697, tlsPort: null });
  });

  it('is off without IRC_PORT, whatever else is set', () => {
    expect(ircInfo({ ...site, IRC_TLS_CERT: 'c', IRC_TLS_KEY: 'k' })).toEqual({
      enabled: false,
      host: 'papo.example.org',
      port: null,
      tlsPort: null,
    });
  });
});
