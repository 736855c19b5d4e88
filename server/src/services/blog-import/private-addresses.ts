import { BlockList, isIP } from 'node:net';

/**
 * Addresses an import may not fetch from unless the owner allows private hosts
 * (server/API.md §E21): a post of an imported blog names any URL it likes, and the server
 * fetching it must not become a way into the machine it runs on or the network behind it.
 */
const PRIVATE_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const PRIVATE_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
];

const privateV4 = new BlockList();
for (const [network, prefix] of PRIVATE_IPV4) privateV4.addSubnet(network, prefix, 'ipv4');
const privateV6 = new BlockList();
for (const [network, prefix] of PRIVATE_IPV6) privateV6.addSubnet(network, prefix, 'ipv6');

/** Prefixes of IPv6 addresses that carry an IPv4 address in their last 32 bits, which decides. */
const EMBEDDING_V4 = new BlockList();
EMBEDDING_V4.addSubnet('::ffff:0:0', 96, 'ipv6'); // IPv4-mapped
EMBEDDING_V4.addSubnet('::', 96, 'ipv6'); // IPv4-compatible (deprecated)
EMBEDDING_V4.addSubnet('64:ff9b::', 96, 'ipv6'); // NAT64

/** The 8 groups of an IPv6 address as numbers (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * Whether an IP address (v4 or v6, as `dns.lookup` or a URL gives it) is one an import must not
 * reach: private, loopback, link-local, unique-local, CGNAT, multicast, unspecified or reserved,
 * including an IPv4 one wrapped in IPv6. Anything that is not an IP address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return privateV4.check(bare, 'ipv4');
  if (family !== 6) return true;
  if (EMBEDDING_V4.check(bare, 'ipv6') && !['::', '::1'].includes(bare)) {
    const groups = ipv6Groups(bare);
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return privateV4.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return privateV6.check(bare, 'ipv6');
}
