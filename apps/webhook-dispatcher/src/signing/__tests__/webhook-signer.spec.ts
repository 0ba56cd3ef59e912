import { Environment } from '@payments/contracts';
import { validateEnvironment } from '@payments/runtime';
import { stampAttempt } from '@webhooks/signing/webhook-signer';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

const scope = { platformId: '7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e', environment: Environment.Production };
const sentAt = new Date('2026-01-01T10:00:00Z');

describe('stampAttempt', () => {
  it('appends platformId, environment and sentAt, keeping every field of the stored body as it was', () => {
    const body = '{"webhookId":"Webhook:1","transaction":{"amount":9000000000000000001}}';

    const stamped = stampAttempt(body, scope, sentAt);

    // Text, not re-serialised: an amount beyond 2^53 keeps its digits.
    expect(stamped).toBe(
      '{"webhookId":"Webhook:1","transaction":{"amount":9000000000000000001},' +
        `"platformId":"Platform:${scope.platformId}","environment":"PRODUCTION","sentAt":"2026-01-01T10:00:00.000Z"}`,
    );
  });

  it('stamps an empty object, and refuses a body that is not an object', () => {
    expect(JSON.parse(stampAttempt('{}', scope, sentAt))).toEqual({
      platformId: `Platform:${scope.platformId}`,
      environment: 'PRODUCTION',
      sentAt: sentAt.toISOString(),
    });
    expect(() => stampAttempt('[1]', scope, sentAt)).toThrow('JSON object');
  });
});

describe('WebhookDispatcherEnvironment', () => {
  it('attack: a production dispatcher without WEBHOOK_KEY_ENCRYPTION_KEY refuses to start', () => {
    expect(() => validateEnvironment(WebhookDispatcherEnvironment, { NODE_ENV: 'production' })).toThrow(
      'WEBHOOK_KEY_ENCRYPTION_KEY is required in production',
    );
  });

  it('starts locally without it, and keeps rotations overlapping 24 hours by default', () => {
    const environment = validateEnvironment(WebhookDispatcherEnvironment, {});
    expect(environment.WEBHOOK_KEY_ENCRYPTION_KEY).toBe('');
    expect(environment.WEBHOOK_KEY_ROTATION_OVERLAP_HOURS).toBe(24);
  });
});
