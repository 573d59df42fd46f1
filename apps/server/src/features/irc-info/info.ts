import type { IrcInfo } from '@papo/contract/irc';

/** The configuration the answer is made of (config.ts's names); a config without IRC_PORT reads as "off". */
export interface IrcInfoConfig {
  PUBLIC_URL: string;
  IRC_PORT?: number;
  IRC_TLS_CERT?: string;
  IRC_TLS_KEY?: string;
}

/**
 * What `/irc` tells members: PUBLIC_URL's host name (the gateway listens on IRC_HOST, often a private address behind a
 * proxy, so that is never shown) and the port, which speaks TLS alone once a certificate and key are set.
 */
export function ircInfo(config: IrcInfoConfig): IrcInfo {
  const host = new URL(config.PUBLIC_URL).hostname;
  const port = config.IRC_PORT ?? null;
  if (port === null) return { enabled: false, host, port: null, tlsPort: null };
  const tls = Boolean(config.IRC_TLS_CERT && config.IRC_TLS_KEY);
  return { enabled: true, host, port: tls ? null : port, tlsPort: tls ? port : null };
}
