import { endpointNotSet, endpointUnreachable } from '@webhooks/endpoints/endpoint-refusals';

describe('webhook endpoint refusals', () => {
  it('asks for an endpoint where none is set, keeping the code and status', () => {
    expect(endpointNotSet('PRODUCTION')).toMatchObject({
      code: 'WEBHOOK_ENDPOINT_NOT_SET',
      status: 400,
      message: expect.stringMatching(/no webhookEndpoint in production.*: set one with PATCH \/config/),
    });
  });

  it.each([
    ['CONNECTION_FAILED', /: check that the endpoint is up and accepts connections/],
    ['TIMEOUT', /: make the endpoint answer faster/],
    ['TLS_FAILED', /: check the endpoint's TLS certificate/],
    ['EGRESS_REFUSED', /: point webhookEndpoint at a public address/],
  ] as const)('names a %s and what to do about it', (failure, remedy) => {
    const refusal = endpointUnreachable('https://hooks.example.com', `${failure}: described`, failure);

    expect(refusal).toMatchObject({
      code: 'WEBHOOK_DELIVERY_ERROR',
      status: 400,
      details: { url: 'https://hooks.example.com', failure },
    });
    expect(refusal.message).toContain(`could not be reached (${failure}: described)`);
    expect(refusal.message).toMatch(remedy);
  });
});
