import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a store's address may lead the audit's fetcher: only to the public internet. A store's
 * settings name the addresses it fetches (its primary domain, its languages' addresses, the
 * redirects it answers), so an owner could point them at our own network; the fetcher resolves the
 * host once, refuses it if any of its addresses is loopback, private (RFC 1918), link-local, unique
 * local (IPv6), carrier-grade NAT (RFC 6598) or unspecified, and connects to the address it checked,
 * so that no second lookup can answer differently.
 */

const localRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  localRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  localRanges.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped IPv6 one (`::ffff:7f00:1`, `::ffff:127.0.0.1`) carries. */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(.+)$/i.exec(address);
  if (match === null) return undefined;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (groups === null) return undefined;
  const [high, low] = [parseInt(groups[1]!, 16), parseInt(groups[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (v4 or v6, without brackets) is one the fetcher must not reach. */
export function isLocalAddress(address: string): boolean {
  const mapped = mappedIpv4(address);
  if (mapped !== undefined) return localRanges.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 4) return localRanges.check(address, 'ipv4');
  if (family === 6) return localRanges.check(address, 'ipv6');
  // Not an address at all: nothing to connect to.
  return true;
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
