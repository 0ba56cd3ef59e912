import { ApiClient, e2eStack, newPlatformClients } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { asPeer, PERSON } from '@customers/uma-protocol/__tests__/uma-kit';

// Issue 27 points 5 and 6 through the API: addresses on another platform's domain, and production
// domains used before they are proven.
describe('UMA addresses and domains a platform cannot claim', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const newCustomer = (client: ApiClient, umaAddress: string) =>
    client.post('/customers', {
      platformCustomerId: `squat-${randomUUID().slice(0, 8)}`,
      fullName: 'Bob Builder',
      umaAddress,
      ...PERSON,
    });

  it("refuses a customer address on another platform's domain with 400, leaving it to that platform", async () => {
    const [mallory, bob] = [newPlatformClients(api), newPlatformClients(api)];
    const theirDomain = (await bob.sandbox.get('/config')).body.umaDomain;
    const address = `$bob-${randomUUID().slice(0, 6)}@${theirDomain}`;

    const squatted = await newCustomer(mallory.sandbox, address);
    const theirs = await newCustomer(bob.sandbox, address);
    const probed = await newCustomer(mallory.sandbox, address);

    expect([squatted.status, squatted.body.code]).toEqual([400, 'INVALID_UMA_ADDRESS']);
    expect([theirs.status, theirs.body.umaAddress]).toEqual([201, address]);
    // The same answer once the other platform holds the address: nothing learnt.
    expect([probed.status, probed.body.code, probed.body.message]).toEqual([
      400,
      'INVALID_UMA_ADDRESS',
      squatted.body.message,
    ]);
  });

  it('serves no UMA request on a production domain its platform has not proven (422)', async () => {
    const { production } = newPlatformClients(api);
    const umaDomain = `pay-${randomUUID().slice(0, 8)}.example.com`;
    const moved = await production.patch('/config', { umaDomain });

    const keys = await asPeer(stack.gatewayUrl, umaDomain, '/.well-known/lnurlpubkey');

    expect(moved.body.umaDomainVerification).toMatchObject({ status: 'PENDING' });
    expect([keys.status, keys.body.code]).toEqual([422, 'UMA_DOMAIN_NOT_VERIFIED']);
  });
});
