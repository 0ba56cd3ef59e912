import {
  ApiClient,
  e2eStack,
  eventually,
  newPlatformClients,
  platformWithEndpoint,
  PlatformWithEndpoint,
  verifySignature,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';

const USD = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };

describe('UMA invitations', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platform: PlatformWithEndpoint;
  let inviterUma: string;

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    const created = await platform.sandbox.post('/customers', {
      platformCustomerId: `inviter-${randomUUID().slice(0, 8)}`,
      customerType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace',
      birthDate: '1985-12-10',
      nationality: 'GB',
      address: { line1: '1 Main St', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
    });
    expect(created.status).toBe(201);
    inviterUma = created.body.umaAddress;
  });

  afterAll(() => platform?.receiver.stop());

  async function invite(body: object = {}): Promise<any> {
    const response = await platform.sandbox.post('/invitations', { inviterUma, ...body });
    expect(response.status).toBe(201);
    return response.body;
  }

  it('creates, gets and claims an invitation, and the platform gets a signed INVITATION_CLAIMED webhook', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await invite({
      inviterUma: inviterUma.toUpperCase(),
      firstName: 'Bob',
      amountToSend: 12_550,
      expiresAt,
    });

    expect(created).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      createdAt: expect.any(String),
      url: `https://${inviterUma.split('@')[1]}/i/${created.code}`,
      expiresAt,
      inviterUma,
      status: 'PENDING',
      firstName: 'Bob',
      amountToSend: { amount: 12_550, currency: USD },
    });
    expect((await platform.sandbox.get(`/invitations/${created.code}`)).body).toEqual(created);

    const claimed = await platform.sandbox.post(`/invitations/${created.code}/claim`, {
      inviteeUma: '$Bob@other.uma.local',
    });

    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({
      ...created,
      status: 'CLAIMED',
      inviteeUma: '$bob@other.uma.local',
      claimedAt: expect.any(String),
    });
    expect((await platform.sandbox.get(`/invitations/${created.code}`)).body).toEqual(claimed.body);
    const webhook = await platform.receiver.waitFor(
      (body) => body?.type === 'INVITATION_CLAIMED' && body.invitation.code === created.code,
    );
    expect(webhook.body).toEqual({
      webhookId: expect.stringMatching(/^Webhook:[0-9a-f-]{36}$/),
      type: 'INVITATION_CLAIMED',
      timestamp: expect.any(String),
      // Each attempt's own (docs/api.md#webhook-signatures).
      platformId: expect.any(String),
      environment: 'SANDBOX',
      sentAt: expect.any(String),
      invitation: claimed.body,
    });
    expect(verifySignature(webhook.rawBody, webhook.headers['x-grid-signature'], platform.publicKeyPem)).toBe(
      true,
    );
  });

  it('refuses a second claim and the cancellation of a claimed invitation with 409, and sends one webhook', async () => {
    const { code } = await invite();
    const claim = (inviteeUma: string) => platform.sandbox.post(`/invitations/${code}/claim`, { inviteeUma });
    const [first, second] = await Promise.all([
      claim('$first@other.uma.local'),
      claim('$second@other.uma.local'),
    ]);

    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const again = await claim('$third@other.uma.local');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 409, code: 'CONFLICT', details: { status: 'CLAIMED' } });
    const cancel = await platform.sandbox.post(`/invitations/${code}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ code: 'CONFLICT', details: { status: 'CLAIMED' } });

    await platform.receiver.waitFor((body) => body?.invitation?.code === code);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(platform.receiver.received((body) => body?.invitation?.code === code)).toHaveLength(1);
  });

  it('cancels a pending invitation, which then cannot be claimed or cancelled again', async () => {
    const { code } = await invite();

    const cancelled = await platform.sandbox.post(`/invitations/${code}/cancel`);

    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ code, status: 'CANCELLED' });
    const claim = await platform.sandbox.post(`/invitations/${code}/claim`, {
      inviteeUma: '$bob@other.uma.local',
    });
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({ code: 'CONFLICT', details: { status: 'CANCELLED' } });
    expect((await platform.sandbox.post(`/invitations/${code}/cancel`)).status).toBe(409);
  });

  it('shows an invitation past its expiry as EXPIRED and refuses to claim it', async () => {
    const { code } = await invite({ expiresAt: new Date(Date.now() + 1_000).toISOString() });

    const expired = await eventually(async () => {
      const response = await platform.sandbox.get(`/invitations/${code}`);
      return response.body.status === 'EXPIRED' ? response : undefined;
    });

    expect(expired.status).toBe(200);
    const claim = await platform.sandbox.post(`/invitations/${code}/claim`, {
      inviteeUma: '$bob@other.uma.local',
    });
    expect(claim.body).toMatchObject({ status: 409, code: 'CONFLICT', details: { status: 'EXPIRED' } });
  });

  it("answers 404 INVITATION_NOT_FOUND for another platform's or environment's code, and changes nothing", async () => {
    const { code } = await invite();
    const other = newPlatformClients(api);

    for (const [method, path, body] of [
      ['get', `/invitations/${code}`, undefined],
      ['post', `/invitations/${code}/claim`, { inviteeUma: '$mallory@evil.uma.local' }],
      ['post', `/invitations/${code}/cancel`, undefined],
    ] as const) {
      for (const client of [other.sandbox, platform.production]) {
        const response = method === 'get' ? await client.get(path) : await client.post(path, body);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ status: 404, code: 'INVITATION_NOT_FOUND' });
      }
    }
    expect((await platform.sandbox.get(`/invitations/${code}`)).body.status).toBe('PENDING');
    expect((await platform.sandbox.get('/invitations/not-a-code')).body.code).toBe('INVITATION_NOT_FOUND');
  });

  it('refuses bad input with 400 naming every field, and an inviter who is not a customer with 404', async () => {
    const bad = await platform.sandbox.post('/invitations', {
      inviterUma: 'ada',
      amountToSend: -1,
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
    expect(bad.body.details.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'amountToSend',
      'expiresAt',
      'inviterUma',
    ]);

    const stranger = await platform.sandbox.post('/invitations', { inviterUma: '$nobody@acme.uma.local' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('USER_NOT_FOUND');
    const otherPlatforms = await newPlatformClients(api).sandbox.post('/invitations', { inviterUma });
    expect(otherPlatforms.status).toBe(404);

    const { code } = await invite();
    const selfClaim = await platform.sandbox.post(`/invitations/${code}/claim`, { inviteeUma: inviterUma });
    expect(selfClaim.status).toBe(400);
    expect(selfClaim.body.details.errors).toEqual([{ field: 'inviteeUma', message: expect.any(String) }]);
    const noInvitee = await platform.sandbox.post(`/invitations/${code}/claim`, {});
    expect(noInvitee.status).toBe(400);
  });
});
