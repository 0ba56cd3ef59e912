import { EgressPolicy, isLoopbackHost } from '@payments/egress';

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
  /** Mapped by UMA_DOMAIN_HOSTS: its address is the operator's choice, not checked by the egress guard. */
  mapped: boolean;
}

/**
 * Turns a UMA domain (`host` or `host:port`) into the origin to call: HTTPS to the domain itself, or to
 * the address UMA_DOMAIN_HOSTS maps it to (`*.suffix` matching any subdomain of suffix; a mapping to
 * `http://…` or `https://…` is the origin itself). The domain is parsed as the URL undici dials, so
 * that every spelling of an address (2130706433, 0x7f000001, 127.1, 0, a trailing dot) is judged by
 * the egress policy as the address it is; a domain carrying a user name, path or query is refused.
 * A loopback target, once EGRESS_ALLOW_PRIVATE_NETWORKS allows it, is dialled over plain HTTP.
 */
export class UmaPeerTargets {
  private readonly exact = new Map<string, string>();
  private readonly wildcards: [suffix: string, target: string][] = [];

  constructor(
    domainHosts: string,
    readonly policy: EgressPolicy,
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
    const dialled = parsedHost(mapped ?? host, domain);
    const refusal = mapped ? undefined : this.policy.refusalOfHost(dialled.hostname);
    if (refusal) throw new UmaPeerError('NOT_ALLOWED', `${domain} is not an allowed UMA peer (${refusal})`);
    const loopback = isLoopbackHost(dialled.hostname);
    if (loopback && !this.policy.allowPrivateNetworks) {
      throw new UmaPeerError('NOT_ALLOWED', `${domain} resolves to a loopback address, which is not allowed`);
    }
    return { origin: `${loopback ? 'http' : 'https'}://${dialled.host}`, host, mapped: mapped !== undefined };
  }
}

/** `hostAndPort` as the WHATWG parser reads it; anything beyond a host and port is not a domain. */
function parsedHost(hostAndPort: string, domain: string): URL {
  const notADomain = new UmaPeerError('NOT_ALLOWED', `${domain} is not a domain name`);
  let url: URL;
  try {
    url = new URL(`https://${hostAndPort}`);
  } catch {
    throw notADomain;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) throw notADomain;
  return url;
}
