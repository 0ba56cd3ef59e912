import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { CustomersEnvironment } from '@customers/customers.environment';
import { WebhookEndpointPolicy } from '@customers/platforms/webhook-endpoint.policy';

function policyWith(allowPrivateNetworks: 'true' | 'false'): WebhookEndpointPolicy {
  return new WebhookEndpointPolicy(
    new ConfigService<CustomersEnvironment, true>({
      ...new CustomersEnvironment(),
      EGRESS_ALLOW_PRIVATE_NETWORKS: allowPrivateNetworks,
    }),
  );
}

/** The 400 a PATCH /config with this endpoint answers, or undefined when it is accepted. */
function refusalOf(policy: WebhookEndpointPolicy, endpoint: string, environment = Environment.Sandbox) {
  try {
    policy.check(endpoint, environment);
  } catch (error) {
    const exception = error as ApiException;
    return { status: exception.status, code: exception.code, errors: exception.details?.errors };
  }
  return undefined;
}

describe('WebhookEndpointPolicy: PATCH /config pointing webhooks inside the deployment', () => {
  const strict = policyWith('false');
  const local = policyWith('true');

  it.each([
    ['http://169.254.169.254/latest/meta-data/', /cloud metadata/],
    ['http://localhost:8081/', /public host/],
    ['http://redis:6379/', /public host/],
    ['http://2130706433:8081/internal/postings/batch', /loopback or private/],
    ['http://10.0.0.12:9092/', /loopback or private/],
    ['http://user@api.example.com/', /user name or password/],
    ['gopher://api.example.com/', /http or https/],
  ])('refuses %s with 400 INVALID_INPUT naming webhookEndpoint', (endpoint, message) => {
    expect(refusalOf(strict, endpoint)).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
      errors: [{ field: 'webhookEndpoint', message: expect.stringMatching(message) }],
    });
  });

  it('refuses cloud metadata even where private networks are allowed, and takes local receivers there', () => {
    expect(refusalOf(local, 'http://169.254.169.254/')).toMatchObject({ status: 400 });
    expect(refusalOf(local, 'http://metadata.google.internal/')).toMatchObject({ status: 400 });
    expect(refusalOf(local, 'http://127.0.0.1:9000/hooks')).toBeUndefined();
    expect(refusalOf(local, 'http://localhost:9000/hooks')).toBeUndefined();
  });

  it('requires https in production, and takes a public https endpoint; null removes the endpoint', () => {
    expect(refusalOf(strict, 'http://api.example.com/hooks', Environment.Production)).toMatchObject({
      status: 400,
      errors: [{ field: 'webhookEndpoint', message: expect.stringMatching(/https URL in production/) }],
    });
    expect(refusalOf(strict, 'https://api.example.com/hooks', Environment.Production)).toBeUndefined();
    expect(refusalOf(strict, 'http://api.example.com/hooks')).toBeUndefined();
    expect(() => strict.check(null, Environment.Production)).not.toThrow();
    expect(() => strict.check(undefined, Environment.Production)).not.toThrow();
  });
});
