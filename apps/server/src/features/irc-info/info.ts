import type { IrcInfo } from '@papo/contract/irc';

/**
 * The configuration the answer is made of. Names as in config.ts; each IRC one is optional, so this reads a config
 * without a gateway as "off".
 */
export interface IrcInfoConfig {
  PUBLIC_URL: string;
  IRC_PORT?: number;
  IRC_TLS_PORT?: number;
  IRC_TLS_CERT?: string;
  IRC_TLS_KEY?: string;
  IRC_PUBLIC_HOST?: string;
}

/**
 * What `/irc` tells members: the public host (the gateway listens on IRC_HOST, often a private address behind a
 * proxy, so that is never shown) and the ports. With a certificate and no port of its own, TLS is on IRC_PORT.
 */
export function ircInfo(config: IrcInfoConfig): IrcInfo {
  const host = config.IRC_PUBLIC_HOST ?? new URL(config.PUBLIC_URL).hostname;
  const port = config.IRC_PORT ?? null;
  if (port === null) return { enabled: false, host, port: null, tlsPort: null };
  const tls = Boolean(config.IRC_TLS_CERT && config.IRC_TLS_KEY);
  return { enabled: true, host, port, tlsPort: tls ? (config.IRC_TLS_PORT ?? port) : null };
}
