import { parseIpAddress } from './ip-address.js';

/** IPv4 ranges that are not public unicast (RFC 6890 special-purpose, multicast, reserved). */
const PRIVATE_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const V4_RANGES = PRIVATE_V4.map(([base, bits]) => {
  const parsed = parseIpAddress(base);
  const size = 2 ** (32 - bits);
  return { start: parsed?.version === 4 ? parsed.value : 0, size };
});

function isPrivateV4(value: number): boolean {
  return V4_RANGES.some((r) => value >= r.start && value < r.start + r.size);
}

/** True when the top `bits` bits of `groups` equal those of `prefix`. */
function inPrefix(groups: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if (((groups[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** Special ranges inside global unicast 2000::/3 that are not publicly routable. */
const SPECIAL_IN_GLOBAL: Array<[number[], number]> = [
  [[0x2001, 0x0000], 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking 2001:2::/48)
  [[0x2001, 0x0db8], 32], // documentation
  [[0x3fff, 0x0000], 20], // documentation (RFC 9637)
];

function isPrivateV6(groups: number[]): boolean {
  const v4At = (i: number) => (groups[i] ?? 0) * 65536 + (groups[i + 1] ?? 0);
  // ::ffff:0:0/96, IPv4-mapped: judged by the IPv4 address inside.
  if (inPrefix(groups, [0, 0, 0, 0, 0, 0xffff], 96)) return isPrivateV4(v4At(6));
  // 2002::/16, 6to4: judged by the IPv4 address it tunnels to.
  if (groups[0] === 0x2002) return isPrivateV4(v4At(1));
  // Only global unicast 2000::/3 is public; everything else (::, ::1, ::/96, 64:ff9b::/96 NAT64,
  // 100::/64, fc00::/7 unique-local, fe80::/10 link-local, fec0::/10, ff00::/8 multicast…) is not.
  if (!inPrefix(groups, [0x2000], 3)) return true;
  return SPECIAL_IN_GLOBAL.some(([prefix, bits]) => inPrefix(groups, prefix, bits));
}

/**
 * True when `ip` is not a public unicast address: private, loopback, link-local, CGNAT,
 * documentation, benchmarking, multicast, reserved, or an IPv4-mapped / 6to4 IPv6 address of
 * one of those. Anything that does not parse as an IP address counts as private (fail closed).
 *
 * @example isPrivateAddress('::ffff:127.0.0.1') // true
 * @example isPrivateAddress('93.184.216.34') // false
 */
export function isPrivateAddress(ip: string): boolean {
  const parsed = parseIpAddress(ip);
  if (parsed === null) return true;
  return parsed.version === 4 ? isPrivateV4(parsed.value) : isPrivateV6(parsed.groups);
}
