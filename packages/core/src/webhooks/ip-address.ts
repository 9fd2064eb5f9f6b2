/** A parsed IP address: IPv4 as one unsigned 32-bit number, IPv6 as eight 16-bit groups. */
export type IpAddress = { version: 4; value: number } | { version: 6; groups: number[] };

/** Parses a strict dotted-quad IPv4 address (`192.0.2.1`), or null. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(?:0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

function groupsOf(text: string, last: boolean): number[] | null {
  if (text === '') return [];
  const out: number[] = [];
  const parts = text.split(':');
  for (const [i, part] of parts.entries()) {
    if (part.includes('.')) {
      const v4 = last && i === parts.length - 1 ? parseIPv4(part) : null;
      if (v4 === null) return null;
      out.push(Math.floor(v4 / 65536), v4 % 65536);
    } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) {
      out.push(Number.parseInt(part, 16));
    } else {
      return null;
    }
  }
  return out;
}

/** Parses an IPv6 address (compressed, with an embedded IPv4 tail or a `%zone`), or null. */
export function parseIPv6(text: string): number[] | null {
  const address = text.includes('%') ? text.slice(0, text.indexOf('%')) : text;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '', true) : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/**
 * Parses an IPv4 or IPv6 address; IPv6 may come in URL brackets (`[::1]`).
 *
 * @example parseIpAddress('[::ffff:127.0.0.1]') // { version: 6, groups: [0, 0, 0, 0, 0, 65535, 32512, 1] }
 */
export function parseIpAddress(text: string): IpAddress | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseIPv4(bare);
  if (v4 !== null) return { version: 4, value: v4 };
  const groups = parseIPv6(bare);
  return groups === null ? null : { version: 6, groups };
}
