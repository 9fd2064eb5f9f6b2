import { isPrivateAddress, parseIpAddress } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';

const PRIVATE = [
  // IPv4 special-purpose ranges, first and last address of each where it matters.
  '0.0.0.0',
  '0.255.255.255',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.0',
  '100.127.255.255',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.10',
  '192.88.99.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // IPv6: unspecified, loopback, IPv4-mapped of private v4 (dotted and hex), NAT64, ULA, link-local, multicast, docs.
  '::',
  '::1',
  '[::1]',
  '::ffff:127.0.0.1',
  '[::ffff:127.0.0.1]',
  '::ffff:7f00:1',
  '::ffff:10.1.2.3',
  '::ffff:169.254.169.254',
  '0:0:0:0:0:ffff:c0a8:0101',
  '::127.0.0.1',
  '64:ff9b::808:808',
  '64:ff9b:1::1',
  '100::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fec0::1',
  'ff02::1',
  'ff0e::1',
  '2001:db8::1',
  '2001::1',
  '2001:0:4136:e378::1',
  '2002:7f00:1::1',
  '2002:c0a8:101::1',
  '3fff::1',
  '5f00::1',
  // Not an address at all: fail closed.
  'localhost',
  'example.com',
  '',
  '1.2.3',
  '1.2.3.4.5',
  '01.2.3.4',
  '256.1.1.1',
  '1::2::3',
  '12345::',
  ':::',
];

const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.216.34',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.1',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '[2606:4700:4700::1111]',
  '2001:4860:4860::8888',
  '2a00:1450:4001:82b::200e',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '2002:808:808::1',
  '2001:200::1',
];

describe('isPrivateAddress', () => {
  it.each(PRIVATE)('refuses %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(PUBLIC)('lets %s through', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe('parseIpAddress', () => {
  it('reads the IPv4 inside a mapped IPv6 address in both spellings', () => {
    expect(parseIpAddress('[::ffff:127.0.0.1]')).toEqual({ version: 6, groups: [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1] });
    expect(parseIpAddress('::ffff:7f00:1')).toEqual(parseIpAddress('::ffff:127.0.0.1'));
  });

  it('expands :: anywhere and rejects malformed text', () => {
    expect(parseIpAddress('1::')).toEqual({ version: 6, groups: [1, 0, 0, 0, 0, 0, 0, 0] });
    expect(parseIpAddress('1:2:3:4:5:6:7::')).toEqual({ version: 6, groups: [1, 2, 3, 4, 5, 6, 7, 0] });
    expect(parseIpAddress('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIpAddress('1:2:3:4:5:6:7::8')).toBeNull();
    expect(parseIpAddress('1.2.3.4::')).toBeNull();
    expect(parseIpAddress('203.0.113.1')).toEqual({ version: 4, value: 0xcb007101 });
  });
});
