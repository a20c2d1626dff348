import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a store's address may lead the audit's fetcher: only to the public internet. A store's
 * settings name the addresses it fetches (its primary domain, its languages' addresses, the
 * redirects it answers), so an owner could point them at our own network; the fetcher resolves the
 * host once, refuses it if any of its addresses is not a public one (loopback, private, link-local,
 * carrier-grade NAT, multicast, reserved, documentation; for IPv6, anything but global unicast, and
 * the IPv4 address a mapped, NAT64 or 6to4 address carries judged as IPv4), and connects to the
 * address it checked, so that no second lookup can answer differently.
 */

/** IPv4 ranges that are not the public internet: this network, private, shared, loopback, link
 * local, protocol assignments, documentation, benchmarking, 6to4 relays, multicast and reserved. */
const localIpv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  localIpv4.addSubnet(network, prefix, 'ipv4');
}

/**
 * IPv6 is allowed only in global unicast (2000::/3), less the ranges in it that are not the public
 * internet or that tunnel to an IPv4 address of their own: Teredo, documentation, ORCHID.
 * Addresses that carry an IPv4 address (mapped, NAT64, 6to4) are judged by that address.
 */
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const localInGlobalUnicast = new BlockList();
for (const [network, prefix] of [
  ['2001::', 32],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
] as const) {
  localInGlobalUnicast.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const bytes = dotted[1]!.split('.').map(Number);
    text =
      text.slice(0, dotted.index) +
      `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (side: string) =>
    side === '' ? [] : side.split(':').map((group) => parseInt(group, 16));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

const ipv4Of = (high: number, low: number) =>
  [high >> 8, high & 255, low >> 8, low & 255].join('.');

/** The IPv4 address an IPv6 one carries: mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), 6to4. */
function embeddedIpv4(groups: readonly number[]): string | undefined {
  const [a, b, c, d, e, f, g, h] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) return ipv4Of(g, h);
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return ipv4Of(g, h);
  if (a === 0x2002) return ipv4Of(b, c);
  return undefined;
}

/** Whether an IP address (v4 or v6, without brackets) is one the fetcher must not reach. */
export function isLocalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return localIpv4.check(address, 'ipv4');
  if (family !== 6) return true; // Not an address at all: nothing to connect to.
  const groups = ipv6Groups(address);
  if (groups === undefined) return true;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== undefined) return localIpv4.check(ipv4, 'ipv4');
  return !globalUnicast.check(address, 'ipv6') || localInGlobalUnicast.check(address, 'ipv6');
}

export class LocalAddressRefused extends Error {}

/**
 * The public address to connect to for `hostname` (a name, or an IP literal, IPv6 with or without
 * its brackets); throws LocalAddressRefused when the name leads to a local address, whichever of
 * its addresses a connection would have picked.
 */
export async function publicAddressOf(hostname: string): Promise<string> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) {
    if (isLocalAddress(host))
      throw new LocalAddressRefused(`refused: ${host} is a private or local address`);
    return host;
  }
  const addresses = await lookup(host, { all: true, verbatim: true });
  const local = addresses.find((entry) => isLocalAddress(entry.address));
  if (local !== undefined)
    throw new LocalAddressRefused(
      `refused: ${host} resolves to ${local.address}, which is a private or local address`,
    );
  const first = addresses[0];
  if (first === undefined) throw new LocalAddressRefused(`refused: ${host} has no address`);
  return first.address;
}
