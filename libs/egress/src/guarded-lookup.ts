import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import { EgressPolicy } from './address-policy';
import { EgressRefusedError } from './egress-refused.error';

/** dns.lookup's shape, always asked for every address; injectable so that tests decide what a name resolves to. */
export type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The lookup a guarded connection makes: the name is resolved once, and if any of its addresses is
 * refused the connection is refused, so the address dialled is the one judged (a name that
 * answers a public address to a check and a private one to the connection gains nothing).
 */
export function guardedLookup(policy: EgressPolicy, resolve: Resolve = dnsLookup as unknown as Resolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refusal = addresses.length
        ? addresses.map(({ address }) => policy.refusalOfAddress(address)).find(Boolean)
        : 'SPECIAL_PURPOSE';
      if (refusal) return callback(new EgressRefusedError(hostname, refusal), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
