import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * How the server tells a request's client address. With no trusted proxies it is the socket's
 * address, whatever `X-Forwarded-For` says. With trusted proxies (addresses, CIDRs, or `loopback`,
 * `linklocal`, `uniquelocal`), `X-Forwarded-For` is walked from the right past trusted hops only
 * (proxy-addr, as Express does), so a client can never put an address of its choosing there.
 *
 * @example const addressOf = clientAddressResolver(['10.0.0.0/8']); addressOf(req);
 */
export function clientAddressResolver(trusted: readonly string[] = []): (req: IncomingMessage) => string {
  if (trusted.length === 0) return (req) => req.socket.remoteAddress ?? '';
  const trust = proxyAddr.compile([...trusted]);
  return (req) => proxyAddr(req, trust);
}
