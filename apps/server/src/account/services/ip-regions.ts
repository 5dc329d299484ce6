// Where a session was last used, as its owner reads it (docs/api.md "Regions and addresses"): the approximate
// region of the address from ip2region's offline IPv4 database (MIT package, Apache-2.0 data of
// lionsoul2014/ip2region, shipped in the npm package: no third party is asked), and the address masked.
// Only these two are kept, never the address (PIPL art. 6: no more than the purpose needs).
// Loopback, private, link-local and carrier-grade NAT addresses are 内网 (RFC 1918, RFC 6598, RFC 4193).
// IPv6: the package's IPv6 data comes from a source without a stated licence, so it is not loaded, and a
// public IPv6 address shows its masked /64 with the region 未知 (docs/api.md says so).
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type IP2RegionType from 'ip2region';
import { clientAddressKey } from '../../lib/client-address.js';

export interface AddressDescription {
  /** "广东省深圳市", "北京市", "美国", "内网" or "未知". */
  region: string;
  /** "120.24.*.*", "240e:47d:c20:1627::*", or "未知". */
  address: string;
}

export const INTERNAL_REGION = '内网';
export const UNKNOWN_REGION = '未知';

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** What a session's owner is told about an address: its region and the address masked. */
export interface IpRegions {
  describe(ip: string): AddressDescription;
}

/** The address as it is shown and kept (cheap: no lookup). */
export function maskAddress(ip: string): string {
  const key = clientAddressKey(ip);
  if (isIPv4(key)) {
    const [a, b] = key.split('.');
    return `${a}.${b}.*.*`;
  }
  if (ip === '::1') return '::1';
  return isIPv6(ip) ? key.replace(/\/64$/, '*') : UNKNOWN_REGION;
}

/**
 * Reads the IPv4 database (8.7 MB; the package reads it synchronously, about 20 ms) into memory. Called once
 * while the app is built (account-module.ts), before it listens and so before /readyz can answer: a read
 * inside the first request that needs a region would hold every request in flight behind it.
 */
export function loadIpRegions(): IpRegions {
  const require = createRequire(import.meta.url);
  const { default: IP2Region } = require('ip2region') as { default: typeof IP2RegionType };
  const database = new IP2Region({ disableIpv6: true });

  function regionOf(ipv4: string): string {
    const found = database.search(ipv4);
    if (!found) return UNKNOWN_REGION;
    if (found.city === '内网IP') return INTERNAL_REGION;
    if (found.country !== '中国') return found.country || UNKNOWN_REGION;
    // Municipalities are their own province ("北京市北京市" reads "北京市").
    const city = found.city && found.city !== found.province ? found.city : '';
    return `${found.province}${city}` || '中国';
  }

  return {
    describe(ip) {
      const key = clientAddressKey(ip);
      const address = maskAddress(ip);
      if (isIPv4(key)) return { region: internal.check(key, 'ipv4') ? INTERNAL_REGION : regionOf(key), address };
      if (isIPv6(ip)) return { region: internal.check(ip, 'ipv6') ? INTERNAL_REGION : UNKNOWN_REGION, address };
      return { region: UNKNOWN_REGION, address };
    },
  };
}
