import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApprovalRequestSender } from '@webhooks/approvals/approval-request.sender';
import { AttemptResult } from '@webhooks/deliveries/delivery-policy';
import { DueDelivery } from '@webhooks/deliveries/delivery.store';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

export const TRANSACTION = 'Transaction:0a6c3f0e-51a4-4b1e-9f3c-4c1f6d2b8e01';
export const APPROVAL_TIMEOUT_SECONDS = 5;

/** The pending INCOMING_PAYMENT webhook of TRANSACTION, made at `timestamp`. */
export const bodyAt = (timestamp: Date) =>
  JSON.stringify({
    type: 'INCOMING_PAYMENT',
    timestamp: timestamp.toISOString(),
    transaction: { id: TRANSACTION, status: 'PENDING' },
  });

export const delivery: DueDelivery = {
  id: '5d7c3c1e-8f43-4b8e-9d0e-2b9d8f0c1a11',
  platformId: 'Platform:7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e',
  environment: Environment.Sandbox,
  approvalRequest: true,
  lease: 'lease',
  type: 'INCOMING_PAYMENT',
  body: bodyAt(new Date()),
  attemptCount: 0,
  createdAt: new Date(),
  url: 'http://127.0.0.1:9/hooks',
};

/** An attempt that started at 10:00 and took 120 ms, before its outcome. */
export const attempt: AttemptResult = {
  url: delivery.url!,
  startedAt: new Date('2026-11-25T10:00:00.000Z'),
  durationMs: 120,
};

/** An ApprovalRequestSender whose WebhookSender is `send`. */
export function approvalRequests(send: jest.Mock) {
  const config = { get: () => APPROVAL_TIMEOUT_SECONDS } as unknown as ConfigService<
    WebhookDispatcherEnvironment,
    true
  >;
  return new ApprovalRequestSender({ send } as unknown as WebhookSender, config);
}
