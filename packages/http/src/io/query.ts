import { validationError } from '@tj/core/internal';

/**
 * Parses a query string into a plain object for core to validate (core's schemas coerce and
 * reject unknown keys). A repeated parameter is a 400: it is a client bug, not a list.
 * With `allowed` false (a route without query parameters) any parameter is a 400.
 */
export function parseQuery(search: string, allowed: boolean): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  if (search.length === 0) return query;
  const params = new URLSearchParams(search);
  for (const [key, value] of params) {
    if (!allowed) throw validationError([{ path: key, message: 'is not a known query parameter' }]);
    if (key in query) throw validationError([{ path: key, message: 'must not be repeated' }]);
    query[key] = value;
  }
  return query;
}
