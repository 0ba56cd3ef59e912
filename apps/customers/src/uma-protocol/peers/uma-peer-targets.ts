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

/** Where a request for a UMA domain goes: the origin dialled and the Host it names. */
export interface PeerTarget {
  origin: string;
  host: string;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Turns a UMA domain (`host` or `host:port`) into the origin to call: HTTPS to the domain itself, or to
 * the address UMA_DOMAIN_HOSTS maps it to (`*.suffix` matching any subdomain of suffix). A loopback
 * address is dialled over plain HTTP when UMA_ALLOW_LOOPBACK_HTTP allows it, and refused otherwise:
 * a peer must not make the service call itself or its neighbours on the machine.
 */
export class UmaPeerTargets {
  private readonly exact = new Map<string, string>();
  private readonly wildcards: [suffix: string, target: string][] = [];

  constructor(
    domainHosts: string,
    private readonly allowLoopbackHttp: boolean,
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
    const dialled = mapped ?? host;
    if (!LOOPBACK_HOST.test(hostnameOf(dialled))) return { origin: `https://${dialled}`, host };
    if (!this.allowLoopbackHttp) {
      throw new UmaPeerError('NOT_ALLOWED', `${domain} resolves to a loopback address, which is not allowed`);
    }
    return { origin: `http://${dialled}`, host };
  }
}

function hostnameOf(hostAndPort: string): string {
  return hostAndPort.startsWith('[')
    ? hostAndPort.slice(0, hostAndPort.indexOf(']') + 1)
    : hostAndPort.split(':')[0];
}
