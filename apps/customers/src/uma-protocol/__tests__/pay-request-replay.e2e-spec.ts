import { AppReplica, ApiClient, e2eStack } from '@payments/testing';
import { SigningUmaPeer } from '@customers/uma-protocol/__tests__/signing-uma-peer';
import { asPeer, UmaPlatform, umaPlatform } from '@customers/uma-protocol/__tests__/uma-kit';

/**
 * A signed pay request from a VASP outside the deployment, sent once and then replayed, to the same
 * customers replica and to another one (behind a gateway replica of its own): every replay is refused,
 * since the replicas share the nonces they have seen (docs/uma.md).
 */
describe('a replayed UMA pay request', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const peer = new SigningUmaPeer();
  let receiver: UmaPlatform;
  let otherCustomers: AppReplica;
  let otherGateway: AppReplica;

  beforeAll(async () => {
    await peer.start();
    receiver = await umaPlatform(api, 'Grace Hopper');
    otherCustomers = await AppReplica.start('customers', 'CUSTOMERS_PORT', 1);
    otherGateway = await AppReplica.start('gateway', 'GATEWAY_PORT', 1, {
      CUSTOMERS_URL: otherCustomers.url,
    });
  });

  afterAll(async () => {
    await otherGateway?.stop();
    await otherCustomers?.stop();
    await peer.stop();
    await receiver?.receiver.stop();
  });

  it('is refused by the replica that took it and by any other', async () => {
    const user = receiver.umaAddress.split('@')[0].slice(1);
    const payRequest = await peer.signedPayRequest(stack.gatewayUrl, receiver.umaDomain, 2_500);
    const send = (gatewayUrl: string) =>
      asPeer(gatewayUrl, receiver.umaDomain, `/uma/payreq/${user}`, payRequest);

    const first = await send(stack.gatewayUrl);
    expect(first.status).toBe(200);

    for (const gatewayUrl of [otherGateway.url, stack.gatewayUrl]) {
      expect(await send(gatewayUrl)).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: expect.stringContaining('already received') },
      });
    }
    const payments = await receiver.sandbox.get(
      `/transactions?customerId=${receiver.customerId}&type=INCOMING`,
    );
    expect(
      payments.body.data.filter(
        (payment: any) => payment.counterpartyInformation?.FULL_NAME === 'Sam Sender',
      ),
    ).toHaveLength(1);
  });

  it('is refused when forged, without spending the nonce of the real one', async () => {
    const user = receiver.umaAddress.split('@')[0].slice(1);
    const payRequest: any = await peer.signedPayRequest(stack.gatewayUrl, receiver.umaDomain, 3_000);
    // The real request's nonce under a signature that does not verify: as an eavesdropper would try
    // to spend a nonce before the real request arrives.
    const forged = structuredClone(payRequest);
    const signature: string = forged.payerData.compliance.signature;
    forged.payerData.compliance.signature = `${signature.slice(0, -2)}${signature.endsWith('00') ? '01' : '00'}`;
    const send = (body: unknown) => asPeer(stack.gatewayUrl, receiver.umaDomain, `/uma/payreq/${user}`, body);

    expect(await send(forged)).toMatchObject({
      status: 401,
      body: { message: expect.stringContaining('not signed') },
    });
    expect((await send(payRequest)).status).toBe(200);
  });
});
