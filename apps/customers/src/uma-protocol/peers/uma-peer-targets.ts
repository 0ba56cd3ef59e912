import { BlockList, isIP } from 'node:net';

/** Why a UMA peer could not be asked, or its answer was refused. */
export type PeerFailure = 'NOT_ALLOWED' | 'UNREACHABLE' | 'REDIRECTED' | 'OVERSIZED' | 'BAD_STATUS';

export class UmaPeerError extends Error {
  constructor(
    readonly failure: PeerFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Where a request for a UMA domain goes: the origin dialled, the Host it names, and whether the operator mapped it. */
export interface PeerTarget {
  origin: string;
  host: string;
  /** Mapped by UMA_DOMAIN_HOSTS: its address is the operator's choice, not checked against private ranges. */
  mapped: boolean;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Addresses a peer's name must not lead to: this machine, private networks, link-local (cloud metadata). */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether a peer may be dialled at `address`: not on a private network, nor on this machine unless
 * UMA_ALLOW_LOOPBACK_HTTP allows loopback. Checked for IP literals here and for every address a peer's
 * name resolves to (UmaPeerHttp), so that no peer can make the service call its own network.
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const ip = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  if (allowLoopback && LOOPBACK.check(ip, ipType(ip))) return true;
  return !PRIVATE.check(ip, ipType(ip));
}

/**
 * Turns a UMA domain (`host` or `host:port`) into the origin to call: HTTPS to the domain itself, or to
 * the address UMA_DOMAIN_HOSTS maps it to (`*.suffix` matching any subdomain of suffix; a mapping to
 * `http://…` or `https://…` is the origin itself). A loopback
 * address is dialled over plain HTTP when UMA_ALLOW_LOOPBACK_HTTP allows it, and refused otherwise,
 * as is a private address a peer names itself.
 */
export class UmaPeerTargets {
  private readonly exact = new Map<string, string>();
  private readonly wildcards: [suffix: string, target: string][] = [];

  constructor(
    domainHosts: string,
    readonly allowLoopbackHttp: boolean,
  ) {
    for (const pair of domainHosts.split(',').filter(Boolean)) {
      const [domain, target] = pair.split('=').map((part) => part.trim().toLowerCase());
      if (domain.startsWith('*.')) this.wildcards.push([domain.slice(1), target]);
      else this.exact.set(domain, target);
    }
  }

  of(domain: string): PeerTarget {
    const host = domain.toLowerCase();
    const mapped = this.exact.get(host) ?? this.wildcards.find(([suffix]) => host.endsWith(suffix))?.[1];
    // An origin the operator spelled out (a container network's plain HTTP) is taken as it is.
    if (mapped && /^https?:\/\//.test(mapped)) return { origin: mapped, host, mapped: true };
    const dialled = mapped ?? host;
    const hostname = hostnameOf(dialled);
    const isLoopback =
      hostname === 'localhost' || (isIP(hostname) !== 0 && LOOPBACK.check(hostname, ipType(hostname)));
    if (isLoopback && !this.allowLoopbackHttp) {
      throw new UmaPeerError('NOT_ALLOWED', `${domain} resolves to a loopback address, which is not allowed`);
    }
    if (!mapped && isIP(hostname) !== 0 && !isAllowedAddress(hostname, this.allowLoopbackHttp)) {
      throw new UmaPeerError('NOT_ALLOWED', `${domain} is a private address, which is not allowed`);
    }
    return { origin: `${isLoopback ? 'http' : 'https'}://${dialled}`, host, mapped: mapped !== undefined };
  }
}

function hostnameOf(hostAndPort: string): string {
  if (hostAndPort.startsWith('[')) return hostAndPort.slice(1, hostAndPort.indexOf(']'));
  return hostAndPort.split(':')[0];
}

function ipType(ip: string): 'ipv4' | 'ipv6' {
  return isIP(ip) === 6 ? 'ipv6' : 'ipv4';
}
