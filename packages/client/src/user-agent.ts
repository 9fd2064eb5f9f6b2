import { PACKAGE_VERSION } from './version.js';

/** What the SDK calls itself in the `User-Agent` of its requests: `tj-client/<version of @tj/client>`. */
export const CLIENT_USER_AGENT = `tj-client/${PACKAGE_VERSION}`;

/**
 * The headers that name the SDK: a `User-Agent` where a script may set it (Node and other server
 * runtimes), nothing in a browser (it sends its own and ignores a script's, and a header of our
 * own would need every server's CORS allow-list). A `User-Agent` in `headers` wins.
 */
export function identityHeaders(headers: Record<string, string>): Record<string, string> {
  const server = typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';
  const own = Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent');
  return server && !own ? { 'user-agent': CLIENT_USER_AGENT } : {};
}
