import { createEvent, Environment } from '@payments/contracts';
import { invitationClaimedWebhook, webhookIdFor } from '@webhooks/deliveries/webhook-envelope';

const SCOPE = {
  platformId: 'Platform:8d2c1f0e-0000-4000-8000-000000000001',
  environment: Environment.Sandbox,
};

describe('invitationClaimedWebhook', () => {
  it('carries the claimed invitation unchanged, ordered by its code', () => {
    const invitation = {
      code: 'k3Jx9Qm2Vb7TtZp4Lw8NcA',
      status: 'CLAIMED' as const,
      inviterUma: '$ada@acme.uma.local',
      inviteeUma: '$bob@other.uma.local',
      url: 'https://acme.uma.local/i/k3Jx9Qm2Vb7TtZp4Lw8NcA',
      createdAt: '2026-11-25T10:00:00.000Z',
      claimedAt: '2026-11-25T10:05:00.000Z',
      amountToSend: {
        amount: 12_550,
        currency: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 },
      },
    };
    const event = createEvent('invitation.claimed', 1, SCOPE, invitation.code, { invitation });

    const delivery = invitationClaimedWebhook(event, 'LEGACY');

    expect(delivery).toMatchObject({ aggregateId: invitation.code, type: 'INVITATION_CLAIMED', ...SCOPE });
    expect(JSON.parse(delivery.body)).toEqual({
      webhookId: `Webhook:${webhookIdFor(event.eventId)}`,
      type: 'INVITATION_CLAIMED',
      timestamp: event.occurredAt,
      invitation,
    });
  });
});
