import { Logger } from '@nestjs/common';
import { Environment } from '@payments/contracts';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
import { WebhookSigner } from '@webhooks/signing/webhook-signer';

const URL = 'http://127.0.0.1:9/hooks';
const delivery = {
  platformId: 'Platform:1',
  environment: Environment.Sandbox,
  body: '{"webhookId":"Webhook:1"}',
};

describe('SignedWebhookSender', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('signs each attempt at the moment it goes, and sends what was signed', async () => {
    const signed = { body: '{"webhookId":"Webhook:1","sentAt":"…"}', headers: { 'x-grid-signature': 'sig' } };
    const signAttempt = jest.fn().mockResolvedValue(signed);
    const send = jest
      .fn()
      .mockResolvedValue({ url: URL, startedAt: new Date(), durationMs: 1, responseStatus: 200 });
    const sender = new SignedWebhookSender(
      { signAttempt } as unknown as WebhookSigner,
      { send } as unknown as WebhookSender,
    );

    await sender.send(URL, delivery, 500);

    expect(signAttempt).toHaveBeenCalledWith(delivery, delivery.body, expect.any(Date));
    expect(send).toHaveBeenCalledWith(URL, signed, 500);
  });

  it('sends nothing unsigned: an unreadable key fails the attempt, to be retried on its schedule', async () => {
    const signAttempt = jest.fn().mockRejectedValue(new Error('connect ECONNREFUSED'));
    const send = jest.fn();
    const sender = new SignedWebhookSender(
      { signAttempt } as unknown as WebhookSigner,
      { send } as unknown as WebhookSender,
    );

    const attempt = await sender.send(URL, delivery);

    expect(send).not.toHaveBeenCalled();
    expect(attempt).toMatchObject({ url: URL, error: 'the webhook could not be signed; it is retried' });
    expect(attempt.responseStatus).toBeUndefined();
  });
});
