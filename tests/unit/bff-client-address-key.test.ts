import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../server/bff/plugins/rate-limits.ts';

/** The client a per-address rate limit counts: IPv4 per address, IPv6 per /64. */
describe('clientAddressKey', () => {
  it('counts an IPv4 client per address, mapped into IPv6 or not', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(clientAddressKey('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every spelling of an IPv6 /64 as one client', () => {
    const spellings = [
      '2001:db8:0:7::1',
      '2001:0DB8:0000:0007:ffff:ffff:ffff:ffff',
      '2001:db8::7:0:0:0:5',
      '2001:db8:0:7:1:2:3.4.5.6',
      '2001:db8:0:7::9%eth0',
    ];
    expect(new Set(spellings.map(clientAddressKey))).toEqual(new Set(['2001:db8:0:7::/64']));
    expect(clientAddressKey('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
  });

  it('keeps the prefix of the few IPv6 ranges that embed an IPv4 address without mapping it', () => {
    expect(clientAddressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
