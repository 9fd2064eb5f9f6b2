import type { LookupAddress } from 'node:dns';
import { createTargetGuard, type Resolver } from '@tj/http';
import { describe, expect, it } from 'vitest';

const resolve: Resolver = (hostname, callback) => {
  const table: Record<string, string[]> = {
    'evil.test': ['93.184.216.34', '10.1.2.3'],
    'good.test': ['93.184.216.34', '2606:4700::1'],
  };
  const addresses = table[hostname];
  if (!addresses) return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);
  callback(
    null,
    addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

describe('registration target guard', () => {
  const guard = createTargetGuard({ allowPrivateTargets: false, resolve });

  it('refuses localhost names and private literals, IPv4-mapped ones included', async () => {
    for (const url of [
      'http://localhost/x',
      'http://LOCALHOST./x',
      'http://127.0.0.1/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[fe80::1]/x',
      'http://100.64.0.1/x',
    ]) {
      expect(await guard.refusal(url)).toMatch(/private targets are not allowed$/);
    }
  });

  it('refuses a name with any private address and accepts one with only public addresses', async () => {
    expect(await guard.refusal('https://evil.test/hook')).toBe(
      'evil.test resolves to 10.1.2.3, which is a private, loopback, link-local or reserved address',
    );
    expect(await guard.refusal('https://good.test/hook')).toBeNull();
    expect(await guard.refusal('https://93.184.216.34/hook')).toBeNull();
  });

  it('accepts a name that does not resolve yet (each delivery checks again)', async () => {
    expect(await guard.refusal('https://not-yet.test/hook')).toBeNull();
  });

  it('lets everything through when private targets are allowed', async () => {
    const open = createTargetGuard({ allowPrivateTargets: true, resolve });
    expect(await open.refusal('http://localhost/x')).toBeNull();
    expect(await open.refusal('https://evil.test/x')).toBeNull();
  });
});
