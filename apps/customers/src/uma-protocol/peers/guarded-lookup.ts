import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import { isAllowedAddress, UmaPeerError } from '@customers/uma-protocol/peers/uma-peer-targets';

type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The DNS lookup of connections to UMA peers: a name any of whose addresses is private (or loopback,
 * unless allowed) is refused before connecting, so that a peer's domain cannot point the service at
 * its own network.
 */
export function guardedLookup(allowLoopback: boolean, resolve: Resolve = dnsLookup as unknown as Resolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!addresses.length || addresses.some(({ address }) => !isAllowedAddress(address, allowLoopback))) {
        return callback(new UmaPeerError('NOT_ALLOWED', `${hostname} resolves to a private address`), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
