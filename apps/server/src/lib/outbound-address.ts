import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Every address of a host name (A and AAAA); tests pass their own so no real name is ever resolved. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** Where the server may connect: the address, and the address checked for it, which the caller connects to. */
export interface CheckedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why an address is refused: not an http(s) URL or a name that does not resolve, plain http, or an internal address. */
export type UrlRefusal = 'invalid' | 'not_https' | 'not_public';

/**
 * Addresses no service on the internet has: loopback, private, link-local, unique-local, unspecified, shared (CGNAT),
 * multicast, broadcast and documentation ranges, for both families (IPv4-mapped IPv6 is read as its IPv4).
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function asIpv4(address: string): string | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? (isIP(address) === 4 ? address : undefined);
}

function isIn(list: BlockList, address: string): boolean {
  const v4 = asIpv4(address);
  return v4 ? list.check(v4, 'ipv4') : list.check(address, 'ipv6');
}

/** Whether an address is one a service on the internet could have. */
function isPublicAddress(address: string): boolean {
  return isIP(address) !== 0 && !isIn(internal, address);
}

/**
 * Checks an address the server is asked to connect to (a push endpoint, an image to import), before any connection:
 * in production it must be https on a name (or address) whose every address is public; elsewhere loopback is
 * accepted too (local services in development and tests), and nothing else that is not public. Answers the address
 * to connect to, so the name is not resolved a second time between the check and the connection.
 */
export async function checkOutboundUrl(
  address: string,
  options: { production: boolean; resolve: Resolver },
): Promise<CheckedUrl | UrlRefusal> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // `localhost` is this machine by definition (RFC 6761), never asked of a resolver.
  const literal = host === 'localhost' ? '127.0.0.1' : host;
  // plain http is only ever this machine's, outside production: refused before any name is looked up.
  if (url.protocol === 'http:' && (options.production || !isIP(literal) || !isIn(loopback, literal)))
    return 'not_https';
  let addresses: { address: string; family: 4 | 6 }[];
  if (isIP(literal)) {
    addresses = [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.resolve(host);
    } catch {
      return 'invalid';
    }
  }
  const [first] = addresses;
  if (!first) return 'invalid';
  const allLoopback = addresses.every(({ address }) => isIn(loopback, address));
  if (!options.production && allLoopback) return { url, ...first };
  if (url.protocol !== 'https:') return 'not_https';
  if (!addresses.every(({ address }) => isPublicAddress(address))) return 'not_public';
  return { url, ...first };
}

/**
 * The `lookup` of a request to a checked address: the connection goes to the address the check saw, whatever the name
 * resolves to by now (a name that answers a public address to the check and an internal one to the connection gains
 * nothing); TLS still checks the certificate against the name.
 */
export function pinnedLookup(checked: CheckedUrl): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}
