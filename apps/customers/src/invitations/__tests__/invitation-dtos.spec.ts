import { ApiException, createValidationPipe, FieldError } from '@payments/http';
import { ClaimInvitationDto } from '@customers/invitations/dto/claim-invitation.dto';
import { CreateInvitationDto, isFutureDateTime } from '@customers/invitations/dto/create-invitation.dto';

async function fieldErrors(metatype: new () => object, body: unknown): Promise<string[]> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype });
  } catch (error) {
    expect((error as ApiException).code).toBe('INVALID_INPUT');
    return ((error as ApiException).details!.errors as FieldError[]).map((error) => error.field);
  }
  return [];
}

describe('CreateInvitationDto', () => {
  it('takes an inviter UMA address alone, or with every optional field', async () => {
    expect(await fieldErrors(CreateInvitationDto, { inviterUma: '$ADA@acme.uma.local' })).toEqual([]);
    expect(
      await fieldErrors(CreateInvitationDto, {
        inviterUma: '$ada@acme.uma.local',
        firstName: 'Bob',
        amountToSend: 12_550,
        amountToSendCurrency: 'USD',
        expiresAt: '2099-01-01T00:00:00Z',
      }),
    ).toEqual([]);
  });

  it('names every bad field at once', async () => {
    expect(
      await fieldErrors(CreateInvitationDto, {
        inviterUma: 'ada@acme',
        firstName: ' ',
        amountToSend: 1.5,
        amountToSendCurrency: 'XYZ',
        expiresAt: '2001-01-01T00:00:00Z',
        extra: true,
      }),
    ).toEqual(
      expect.arrayContaining([
        'inviterUma',
        'firstName',
        'amountToSend',
        'amountToSendCurrency',
        'expiresAt',
        'extra',
      ]),
    );
    expect(await fieldErrors(CreateInvitationDto, {})).toEqual(['inviterUma']);
    expect(
      await fieldErrors(CreateInvitationDto, { inviterUma: '$ada@acme.uma.local', amountToSend: 0 }),
    ).toEqual(['amountToSend']);
  });
});

describe('ClaimInvitationDto', () => {
  it('needs a UMA address of the invitee', async () => {
    expect(await fieldErrors(ClaimInvitationDto, { inviteeUma: '$bob@other.uma.local' })).toEqual([]);
    expect(await fieldErrors(ClaimInvitationDto, {})).toEqual(['inviteeUma']);
    expect(await fieldErrors(ClaimInvitationDto, { inviteeUma: 42 })).toEqual(['inviteeUma']);
  });
});

describe('isFutureDateTime', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('accepts a later date-time with its offset', () => {
    expect(isFutureDateTime('2026-11-25T12:00:01Z', now)).toBe(true);
    expect(isFutureDateTime('2026-11-25T14:00:00.250+01:00', now)).toBe(true);
  });

  it('refuses the past, the present, a date without time or offset, and what is not a date', () => {
    for (const value of [
      '2026-11-25T12:00:00Z',
      '2026-11-25T13:00:00+02:00',
      '2027-01-01',
      '2027-01-01T00:00:00',
      '2027-W01-1',
      'soon',
      5,
    ]) {
      expect(isFutureDateTime(value, now)).toBe(false);
    }
  });
});
