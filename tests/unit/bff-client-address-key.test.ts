import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '#server/bff/plugins/rate-limits.ts';

/** The client a per-address rate limit counts: IPv4 per address (mapped or translated into IPv6 too), IPv6 per /64. */
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

  it('counts a client reached through NAT64 (64:ff9b::/96) as the IPv4 address it embeds', () => {
    expect(clientAddressKey('64:ff9b::192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('64:FF9B::c000:201')).toBe('192.0.2.1');
    expect(clientAddressKey('64:ff9b:0:0:0:0:192.0.2.1')).toBe('192.0.2.1');
    // Two IPv4 clients behind the same NAT64 gateway are two clients, not one /64.
    expect(clientAddressKey('64:ff9b::198.51.100.7')).toBe('198.51.100.7');
  });

  it('keeps the /64 of addresses that only resemble those prefixes', () => {
    // Outside the well-known /96: an ordinary IPv6 address of the 64:ff9b:1::/48 local-use range.
    expect(clientAddressKey('64:ff9b:1::c000:201')).toBe('64:ff9b:1:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
