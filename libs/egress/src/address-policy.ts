import ipaddr from 'ipaddr.js';

/** Why an outbound address or host name is refused; absent when it may be dialled. */
export type EgressRefusal = 'CLOUD_METADATA' | 'PRIVATE_NETWORK' | 'SPECIAL_PURPOSE' | 'LOCAL_NAME';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Cloud instance metadata services (AWS, its IPv6 endpoint, Alibaba, Azure's wire server): their
 * answers are the deployment's own credentials, so no setting opens them (docs/security.md).
 */
const METADATA_ADDRESSES = new Set(
  ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '168.63.129.16'].map((address) =>
    ipaddr.parse(address).toNormalizedString(),
  ),
);
/** Metadata services reached by name (Google Cloud's); refused whatever they resolve to. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

/** ipaddr.js range names that EGRESS_ALLOW_PRIVATE_NETWORKS opens: this machine and RFC 1918 / RFC 4193 networks. */
const PRIVATE_RANGES = new Set<string>(['loopback', 'private', 'uniqueLocal']);

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291): ipaddr.js calls it unicast, yet it names an IPv4 host. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];

/**
 * Names that never lead to the public internet (RFC 6761 localhost, mDNS .local, the private-use
 * .internal, home.arpa) and single-label names, which are a cluster's services (`redis`, `kafka`).
 */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa'];

/**
 * Decides which addresses and host names outbound calls may reach. Everything that is not public
 * unicast is refused: loopback, private, link-local, CGNAT, multicast, reserved, benchmarking,
 * documentation and translation ranges, judging an IPv4 address embedded in IPv6 (mapped, 6to4) as
 * itself. `allowPrivateNetworks` (EGRESS_ALLOW_PRIVATE_NETWORKS) opens loopback, private networks
 * and local names only; cloud metadata stays refused.
 */
export class EgressPolicy {
  constructor(readonly allowPrivateNetworks: boolean) {}

  /** The refusal of an IP address in its canonical spelling (a resolved address, a URL's host). */
  refusalOfAddress(address: string): EgressRefusal | undefined {
    if (!ipaddr.isValid(address)) return 'SPECIAL_PURPOSE';
    return this.opened(classify(ipaddr.parse(address)));
  }

  /** The refusal of a URL's host (as `new URL` leaves it): an IP literal, bracketed IPv6, or a name. */
  refusalOfHost(host: string): EgressRefusal | undefined {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    if (ipaddr.isValid(bare)) return this.refusalOfAddress(bare);
    const name = bare.toLowerCase().replace(/\.+$/, '');
    if (METADATA_NAMES.has(name)) return 'CLOUD_METADATA';
    const local = !name.includes('.') || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
    return local ? this.opened('LOCAL_NAME') : undefined;
  }

  private opened(refusal: EgressRefusal | undefined): EgressRefusal | undefined {
    const openable = refusal === 'PRIVATE_NETWORK' || refusal === 'LOCAL_NAME';
    return openable && this.allowPrivateNetworks ? undefined : refusal;
  }
}

/**
 * Whether a URL's host is this machine (a loopback literal, mapped or not, or a localhost name):
 * such a peer, once allowed, is called over plain HTTP, as local stacks serve it.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.+$/, '');
  if (ipaddr.isValid(bare)) return ipaddr.process(bare).range() === 'loopback';
  return bare === 'localhost' || bare.endsWith('.localhost');
}

function classify(address: Address): EgressRefusal | undefined {
  if (address.kind() === 'ipv6') {
    const embedded = embeddedIPv4(address as ipaddr.IPv6);
    if (embedded) return classify(embedded);
  }
  if (METADATA_ADDRESSES.has(address.toNormalizedString())) return 'CLOUD_METADATA';
  const range = address.range();
  if (range === 'unicast') {
    const compatible = address.kind() === 'ipv6' && (address as ipaddr.IPv6).match(IPV4_COMPATIBLE);
    return compatible ? 'SPECIAL_PURPOSE' : undefined;
  }
  return PRIVATE_RANGES.has(range) ? 'PRIVATE_NETWORK' : 'SPECIAL_PURPOSE';
}

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or 6to4 (2002:aabb:ccdd::/48) address reaches. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  if (range === '6to4') return ipaddr.fromByteArray(address.toByteArray().slice(2, 6)) as ipaddr.IPv4;
  return undefined;
}
