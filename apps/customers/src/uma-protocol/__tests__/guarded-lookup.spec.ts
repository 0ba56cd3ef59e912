import { LookupAddress } from 'node:dns';
import { guardedLookup } from '@customers/uma-protocol/peers/guarded-lookup';
import { UmaPeerError } from '@customers/uma-protocol/peers/uma-peer-targets';

describe('guardedLookup', () => {
  const resolvingTo =
    (...addresses: string[]) =>
    (_hostname: string, _options: unknown, callback: (error: null, found: LookupAddress[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  const lookUp = (lookup: ReturnType<typeof guardedLookup>, all = false) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
      lookup('peer.example', { all }, (error, address, family) => resolve({ error, address, family })),
    );

  it('answers a public address as Node asks for it, one or all', async () => {
    const lookup = guardedLookup(false, resolvingTo('93.184.216.34', '2606:2800:220:1::1'));
    expect(await lookUp(lookup)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect((await lookUp(lookup, true)).address).toHaveLength(2);
  });

  it('refuses a name any of whose addresses is private or, unless allowed, loopback', async () => {
    for (const lookup of [
      guardedLookup(true, resolvingTo('93.184.216.34', '10.0.0.5')),
      guardedLookup(false, resolvingTo('127.0.0.1')),
      guardedLookup(true, resolvingTo()),
    ]) {
      const { error } = await lookUp(lookup);
      expect(error).toBeInstanceOf(UmaPeerError);
      expect((error as UmaPeerError).failure).toBe('NOT_ALLOWED');
    }
    expect((await lookUp(guardedLookup(true, resolvingTo('127.0.0.1')))).error).toBeNull();
  });
});
