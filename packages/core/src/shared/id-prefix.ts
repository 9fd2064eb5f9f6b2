/** Ids typed in part, as git takes commit prefixes: the range an id prefix covers, and short ids. */

// The range is a validator the schemas use, so it lives in @tj/schemas; `@tj/core/ids` keeps offering it.
export { idPrefixRange } from '@tj/schemas';

/** The fewest characters a short id shows (the first block of a UUID). */
export const SHORT_ID_MIN = 8;

function commonLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The shortest start of `id` (at least {@link SHORT_ID_MIN} characters) that no other id shares,
 * given its neighbours in sorted order: one character past the longest common start with either.
 *
 * @example shortIdOf('0193ab4f-1c2a-7a3f-8000-000000000001', '0193ab4f-1c2a-7a3e-8000-000000000009') // '0193ab4f-1c2a-7a3f'
 */
export function shortIdOf(id: string, before?: string | null, after?: string | null): string {
  const shared = Math.max(before ? commonLength(id, before) : 0, after ? commonLength(id, after) : 0);
  return id.slice(0, Math.max(SHORT_ID_MIN, shared + 1));
}

/**
 * Short ids of a complete set of ids (all a list has, e.g. every webhook of a user), keyed by id.
 *
 * @example shortIds(['0193ab4f-…', '0193cd00-…']) // { '0193ab4f-…': '0193ab4f', '0193cd00-…': '0193cd00' }
 */
export function shortIds(ids: readonly string[]): Record<string, string> {
  const sorted = [...new Set(ids)].sort();
  const out: Record<string, string> = {};
  sorted.forEach((id, i) => {
    out[id] = shortIdOf(id, sorted[i - 1], sorted[i + 1]);
  });
  return out;
}
