// The client address that per-address limits count against. Fastify's request.ip honours TRUST_PROXY
// (X-Forwarded-For only behind a configured proxy, else the socket address; see trustProxyOption). An IPv6 client controls a
// whole /64, so it counts as one address (RFC 6177); IPv4-mapped addresses count as their IPv4.
import { isIPv4, isIPv6 } from 'node:net';

export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return 'unknown';
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts] : headParts;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count N believes the socket peer and the N-1 entries
 * nearest to it, so request.ip is the address our outermost proxy saw (Express's numeric trust proxy).
 * Fastify itself trusts nothing for a bare number (a direct client could forge enough hops), so the
 * count becomes this function; docs/operations.md says to use it only when the port is reachable through
 * the proxies alone, and to list their addresses otherwise.
 */
export function trustProxyOption(trust: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
