/** The id range a typed id prefix covers (git-style short ids): a validator the schemas use and storage queries by. */

const format = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The first and last id a prefix covers (inclusive), or undefined when it is not the start of a
 * UUID: hexadecimal digits, any case, with hyphens only where the id has them (or none at all).
 * Ids sort the same on both databases (text on SQLite, uuid bytes on PostgreSQL), so the range
 * is an index range on (user_id, id).
 *
 * @example idPrefixRange('0193ab4f-1c') // { from: '0193ab4f-1c00-0000-0000-000000000000', to: '0193ab4f-1cff-ffff-ffff-ffffffffffff' }
 */
export function idPrefixRange(prefix: string): { from: string; to: string } | undefined {
  const text = prefix.trim().toLowerCase();
  const hex = text.replace(/-/g, '');
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return undefined;
  const from = format(hex.padEnd(32, '0'));
  if (text.includes('-') && !from.startsWith(text)) return undefined;
  return { from, to: format(hex.padEnd(32, 'f')) };
}
