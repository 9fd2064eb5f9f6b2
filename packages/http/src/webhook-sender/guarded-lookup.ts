import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from '@tj/core/internal';

/** Resolves a name to all of its addresses (node:dns `lookup` with `all: true` has this shape). */
export type Resolver = (
  hostname: string,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** The system resolver (getaddrinfo, /etc/hosts included), every address in its order. */
export const systemResolver: Resolver = (hostname, callback) => dnsLookup(hostname, { all: true, order: 'verbatim' }, callback);

/** Error code of a target refused for resolving to a private address. */
export const PRIVATE_TARGET = 'ERR_WEBHOOK_PRIVATE_TARGET';

/** The error a refused target fails with; its message names the host and address, never more. */
export function privateTargetError(host: string, address: string): NodeJS.ErrnoException {
  const why = host === address ? `${address} is` : `${host} resolves to ${address}, which is`;
  const error: NodeJS.ErrnoException = new Error(`refused: ${why} a private, loopback, link-local or reserved address`);
  error.code = PRIVATE_TARGET;
  return error;
}

/** Resolves `hostname` and refuses it when any of its addresses is private (unless allowed). */
export function resolveChecked(resolve: Resolver, hostname: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  return new Promise((accept, reject) => {
    resolve(hostname, (err, addresses) => {
      if (err) return reject(err);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return reject(privateTargetError(hostname, bad.address));
      if (addresses.length === 0) return reject(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
      accept(addresses);
    });
  });
}

/**
 * A `lookup` for net/tls connect that resolves the name itself and refuses it when any address is
 * private: the socket then connects to exactly the addresses that were checked, so a DNS answer
 * that changes between check and connect (rebinding) cannot slip through.
 */
export function guardedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(resolve, hostname, allowPrivate).then(
      (all) => {
        const family = typeof options === 'number' ? options : options.family;
        const wanted = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        const first = wanted[0];
        if (first === undefined)
          return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
        if (typeof options === 'object' && options.all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
