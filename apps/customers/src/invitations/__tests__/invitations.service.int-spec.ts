import { Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { Invitation } from '@customers/invitations/invitation.entity';
import {
  INVITEE_UMA,
  INVITER_UMA,
  invitationsService,
} from '@customers/invitations/__tests__/invitations-service-kit';
import {
  caller,
  expectNotFoundToOthers,
  customerRow,
  stranger,
  UMA_DOMAIN,
} from '@customers/__tests__/tenant-kit';
import { fakeClock, useTenantDatabase } from '@customers/__tests__/tenant-database';

const NOW = new Date('2025-10-13T10:00:00.000Z');
const IN_AN_HOUR = '2025-10-13T11:00:00.000Z';

useTenantDatabase();

beforeAll(() => Logger.overrideLogger(false));
beforeEach(() => fakeClock(NOW));
afterEach(() => jest.useRealTimers());

/** A service with one pending invitation of the inviter, expiring in an hour; `invite` adds another. */
async function withInvitation(currencyCodes?: string[]) {
  const kit = await invitationsService(currencyCodes);
  const invite = async () => {
    const invitation = await kit.service.create(caller, { inviterUma: INVITER_UMA, expiresAt: IN_AN_HOUR });
    const stored = async () =>
      (await kit.database.rows(Invitation)).find((row) => row.code === invitation.code)!;
    return { invitation, stored };
  };
  return { ...kit, ...(await invite()), invite };
}

describe('InvitationsService: creating an invitation', () => {
  it("stores a PENDING invitation of the customer with the inviter's UMA address, opened at the inviter's domain", async () => {
    const { service, database, inviter } = await invitationsService();

    const view = await service.create(caller, {
      inviterUma: INVITER_UMA,
      firstName: 'Alice',
      expiresAt: IN_AN_HOUR,
    });

    expect(view).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      createdAt: NOW.toISOString(),
      url: `https://${UMA_DOMAIN}/i/${view.code}`,
      expiresAt: IN_AN_HOUR,
      inviterUma: INVITER_UMA,
      status: 'PENDING',
      firstName: 'Alice',
    });
    expect(await database.rows(Invitation)).toEqual([
      expect.objectContaining({ code: view.code, inviterCustomerId: inviter.id, amountToSend: null }),
    ]);
    expect(await database.outboxEvents()).toEqual([]);
  });

  it('answers 404 USER_NOT_FOUND unless a live customer of the platform has the UMA address', async () => {
    const { service, database } = await invitationsService();
    await database.seed(
      Customer,
      customerRow({ umaAddress: '$gone@acme.uma.local', deletedAt: NOW }),
      customerRow({ umaAddress: '$theirs@acme.uma.local' }, stranger),
    );

    for (const inviterUma of ['$nobody@acme.uma.local', '$gone@acme.uma.local', '$theirs@acme.uma.local']) {
      await expect(service.create(caller, { inviterUma })).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    }
    expect(await database.rows(Invitation)).toEqual([]);
  });

  it("promises an amount in the platform's first currency unless it names another, within that currency's limits", async () => {
    const { service, database } = await invitationsService(['USD', 'MXN']);

    const first = await service.create(caller, { inviterUma: INVITER_UMA, amountToSend: 500 });
    const named = await service.create(caller, {
      inviterUma: INVITER_UMA,
      amountToSend: 500,
      amountToSendCurrency: 'MXN',
    });

    expect(first.amountToSend).toMatchObject({ amount: 500, currency: { code: 'USD' } });
    expect(named.amountToSend).toMatchObject({ amount: 500, currency: { code: 'MXN' } });
    await expect(
      service.create(caller, { inviterUma: INVITER_UMA, amountToSend: 500, amountToSendCurrency: 'EUR' }),
    ).rejects.toMatchObject({ code: 'INVALID_CURRENCY' });
    await expect(
      service.create(caller, { inviterUma: INVITER_UMA, amountToSend: 5_000_000 }),
    ).rejects.toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    expect(await database.rows(Invitation)).toHaveLength(2);
  });
});

describe('InvitationsService: reading an invitation', () => {
  it('shows a pending invitation past its expiry as EXPIRED', async () => {
    const { service, invitation } = await withInvitation();

    expect((await service.get(caller, invitation.code)).status).toBe('PENDING');
    jest.setSystemTime(new Date(IN_AN_HOUR));
    expect((await service.get(caller, invitation.code)).status).toBe('EXPIRED');
  });

  it("answers 404 INVITATION_NOT_FOUND for a malformed or unknown code and for another platform's or environment's", async () => {
    const { service, invitation } = await withInvitation();

    await expectNotFoundToOthers(
      'INVITATION_NOT_FOUND',
      { id: invitation.code, malformed: 'not-a-code', unknown: 'AAAAAAAAAAAAAAAAAAAAAA' },
      (who, code) => service.get(who, code),
    );
  });
});

describe('InvitationsService: claiming an invitation', () => {
  it('makes it CLAIMED by the invitee and writes invitation.claimed in the same transaction', async () => {
    const { service, database, invitation, stored } = await withInvitation();
    jest.setSystemTime(new Date('2025-10-13T10:30:00.000Z'));

    const claimed = await service.claim(caller, invitation.code, { inviteeUma: INVITEE_UMA });

    expect(claimed).toMatchObject({
      status: 'CLAIMED',
      inviteeUma: INVITEE_UMA,
      claimedAt: '2025-10-13T10:30:00.000Z',
    });
    expect(await stored()).toMatchObject({ status: 'CLAIMED', inviteeUma: INVITEE_UMA });
    expect(await database.outboxEvents()).toEqual([
      {
        topic: 'customers.invitation-events.v1',
        requestId: 'req-1',
        event: expect.objectContaining({
          type: 'invitation.claimed',
          aggregateId: invitation.code,
          platformId: caller.platformId,
          payload: { invitation: claimed },
        }),
      },
    ]);
  });

  it("refuses the inviter's own UMA address with 400 on inviteeUma, changing nothing", async () => {
    const { service, database, invitation, stored } = await withInvitation();

    await expect(service.claim(caller, invitation.code, { inviteeUma: INVITER_UMA })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'inviteeUma', message: expect.any(String) }] },
    });
    expect((await stored()).status).toBe('PENDING');
    expect(await database.outboxEvents()).toEqual([]);
  });

  it('refuses a claimed, cancelled or expired invitation with 409 naming its status, sending nothing more', async () => {
    const { service, database, invitation: claimed, stored: claimedStored, invite } = await withInvitation();
    await service.claim(caller, claimed.code, { inviteeUma: INVITEE_UMA });
    const { invitation: cancelled } = await invite();
    await service.cancel(caller, cancelled.code);
    const { invitation: expired } = await invite();

    jest.setSystemTime(new Date(IN_AN_HOUR));
    for (const [invitation, status] of [
      [claimed, 'CLAIMED'],
      [cancelled, 'CANCELLED'],
      [expired, 'EXPIRED'],
    ] as const) {
      await expect(
        service.claim(caller, invitation.code, { inviteeUma: '$late@other.uma.local' }),
      ).rejects.toMatchObject({ code: 'CONFLICT', status: 409, details: { status } });
    }
    expect((await database.outboxEvents()).map(({ event }) => event.aggregateId)).toEqual([claimed.code]);
    expect((await claimedStored()).inviteeUma).toBe(INVITEE_UMA);
  });

  it('answers 409 CLAIMED to the claim that loses a race: its guarded update finds the invitation moved', async () => {
    const { service, database, invitation, stored } = await withInvitation();
    const pendingWhenRead = await stored();
    await service.claim(caller, invitation.code, { inviteeUma: INVITEE_UMA });
    // The loser read the invitation before the winner's claim committed.
    jest.spyOn(EntityManager.prototype, 'findOneBy').mockResolvedValueOnce(pendingWhenRead);

    await expect(
      service.claim(caller, invitation.code, { inviteeUma: '$second@other.uma.local' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', details: { status: 'CLAIMED' } });
    expect((await stored()).inviteeUma).toBe(INVITEE_UMA);
    expect(await database.outboxEvents()).toHaveLength(1);
  });

  it("answers 404 to a claim of another platform's invitation, which stays PENDING", async () => {
    const { service, invitation, stored } = await withInvitation();

    await expect(service.claim(stranger, invitation.code, { inviteeUma: INVITEE_UMA })).rejects.toMatchObject(
      {
        code: 'INVITATION_NOT_FOUND',
      },
    );
    await expect(service.cancel(stranger, invitation.code)).rejects.toMatchObject({
      code: 'INVITATION_NOT_FOUND',
    });
    expect((await stored()).status).toBe('PENDING');
  });
});

describe('InvitationsService: cancelling an invitation', () => {
  it('makes a pending invitation CANCELLED, after which it cannot be claimed or cancelled again', async () => {
    const { service, database, invitation, stored } = await withInvitation();

    const cancelled = await service.cancel(caller, invitation.code);

    expect(cancelled).toMatchObject({ status: 'CANCELLED' });
    expect(cancelled).not.toHaveProperty('inviteeUma');
    expect(await stored()).toMatchObject({ status: 'CANCELLED', cancelledAt: NOW, claimedAt: null });
    await expect(service.cancel(caller, invitation.code)).rejects.toMatchObject({
      code: 'CONFLICT',
      details: { status: 'CANCELLED' },
    });
    await expect(service.claim(caller, invitation.code, { inviteeUma: INVITEE_UMA })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await database.outboxEvents()).toEqual([]);
  });
});
