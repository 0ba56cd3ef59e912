import { ApiClient, e2eStack } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { HostileUmaPeer } from '@customers/uma-protocol/__tests__/hostile-uma-peer';
import { asPeer, lookup, PERSON, UmaPlatform, umaPlatform } from '@customers/uma-protocol/__tests__/uma-kit';

describe('UMA peers the service refuses', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let sender: UmaPlatform;
  let receiver: UmaPlatform;

  beforeAll(async () => {
    [sender, receiver] = await Promise.all([
      umaPlatform(api, 'Ada Lovelace'),
      umaPlatform(api, 'Grace Hopper'),
    ]);
  });

  afterAll(async () => {
    await Promise.all([sender?.receiver.stop(), receiver?.receiver.stop()]);
  });

  it('takes no pay request over HTTP for a production customer, not even in a production platform’s name', async () => {
    const config = await receiver.production.get('/config');
    const customer = await receiver.production.post('/customers', {
      platformCustomerId: `prod-${randomUUID().slice(0, 8)}`,
      fullName: 'Grace Hopper',
      ...PERSON,
    });
    expect(customer.status).toBe(201);
    const compliance = {
      kycStatus: 'VERIFIED',
      signature: '00',
      signatureNonce: '1',
      signatureTimestamp: Math.floor(Date.now() / 1000),
    };
    const payRequestFrom = (senderAddress: string) => {
      const user = customer.body.umaAddress.split('@')[0].slice(1);
      return asPeer(stack.gatewayUrl, config.body.umaDomain, `/uma/payreq/${user}`, {
        convert: 'USD',
        amount: '1000.USD',
        payerData: { identifier: senderAddress, compliance, FULL_NAME: 'Mallory' },
      });
    };
    expect(await payRequestFrom('$mallory@127.0.0.1:1')).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    // This deployment's own platforms pay from the inside: a pay request over HTTP in the name of one of
    // their domains, sandbox or production, comes from whatever server that domain points at.
    expect((await payRequestFrom(sender.umaAddress)).status).toBe(403);
    const productionSender = `$someone@${(await sender.production.get('/config')).body.umaDomain}`;
    expect(await payRequestFrom(productionSender)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });

  describe('a hostile peer', () => {
    const peer = new HostileUmaPeer('http://127.0.0.1:1/elsewhere');
    const keyless = new HostileUmaPeer('http://127.0.0.1:1/elsewhere', false);

    beforeAll(() => Promise.all([peer.start(), keyless.start()]));
    afterAll(() => Promise.all([peer.stop(), keyless.stop()]));

    it.each([
      ['oversized', 'more than'],
      ['unsigned', 'not a signed UMA response'],
      ['forged', 'not signed by'],
      ['redirect', 'redirect'],
      ['hang', 'did not answer'],
    ])('is refused when it answers %s: 424 LNURLP_REQUEST_FAILED', async (user, why) => {
      const response = await lookup(sender, `$${user}@${peer.domain}`);
      expect(response.status).toBe(424);
      expect(response.body.code).toBe('LNURLP_REQUEST_FAILED');
      expect(response.body.message).toContain(why);
    });

    it('is refused with 424 COUNTERPARTY_PUBKEY_FETCH_ERROR when its keys cannot be fetched', async () => {
      const response = await lookup(sender, `$honest@${keyless.domain}`);
      expect(response).toMatchObject({ status: 424, body: { code: 'COUNTERPARTY_PUBKEY_FETCH_ERROR' } });
      expect((await lookup(sender, `$honest@${peer.domain}`)).status).toBe(200);
    });
  });
});
