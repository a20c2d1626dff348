import { describe, expect, it } from 'vitest';
import { isLocalAddress } from '#server/platform/storefront/public-address.ts';

describe('the addresses the storefront fetcher refuses', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    // IPv4 addresses carried in IPv6: NAT64 (on an IPv6-only network it reaches the private IPv4
    // network), 6to4, IPv4-compatible and SIIT forms.
    '64:ff9b::7f00:1',
    '64:ff9b::a00:5',
    '2002:7f00:1::',
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:0:7f00:1',
    // Outside global unicast, or not the public internet within it.
    'fec0::1',
    'ff02::1',
    '2001::1',
    '2001:db8::1',
    // Multicast, reserved, broadcast, benchmarking, protocol assignments, documentation.
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.0.1',
    '203.0.113.7',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isLocalAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '23.227.38.65',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700::1111',
    '::ffff:23.227.38.65',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2620:127:f00f:e::',
  ])('lets %s through', (address) => {
    expect(isLocalAddress(address)).toBe(false);
  });
});
