import { describe, expect, it } from 'vitest';
import { isLocalAddress } from '../../server/platform/storefront/public-address.ts';

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
  ])('lets %s through', (address) => {
    expect(isLocalAddress(address)).toBe(false);
  });
});
