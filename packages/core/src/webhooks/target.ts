import { parseIpAddress } from './ip-address.js';
import type { TargetGuard } from './ports.js';
import { isPrivateAddress } from './private-address.js';

/** The host of a URL without IPv6 brackets, lower-cased; null when the URL does not parse. */
export function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  } catch {
    return null;
  }
}

/** True for `localhost` and names under `.localhost`, which always mean this machine (RFC 6761). */
export function isLocalhostName(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Why a URL is refused without looking anything up: a literal private address or a localhost
 * name; null when nothing is wrong with it on its face.
 *
 * @example literalTargetRefusal('http://[::ffff:127.0.0.1]/hook') // 'the address ::ffff:127.0.0.1 is private…'
 */
export function literalTargetRefusal(url: string): string | null {
  const host = hostOf(url);
  if (host === null) return 'is not a valid URL';
  if (isLocalhostName(host)) return `${host} points to this machine; private targets are not allowed`;
  if (parseIpAddress(host) !== null && isPrivateAddress(host)) {
    return `the address ${host} is private, loopback, link-local or reserved; private targets are not allowed`;
  }
  return null;
}

/**
 * Core's default registration check: literal addresses and localhost names only (the `@tj/http`
 * guard also resolves names). With `allowPrivateTargets` it lets everything through.
 *
 * @example const guard = literalTargetGuard(false); await guard.refusal('http://127.0.0.1/') // a reason
 */
export function literalTargetGuard(allowPrivateTargets: boolean): TargetGuard {
  return { refusal: async (url) => (allowPrivateTargets ? null : literalTargetRefusal(url)) };
}
