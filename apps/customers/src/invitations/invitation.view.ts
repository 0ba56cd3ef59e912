import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { INVITATION_STATUSES, InvitationSnapshot, InvitationStatus } from '@payments/contracts';
import { CurrencyView } from '@payments/http';
import { currencyOf } from '@payments/money';
import { Invitation } from '@customers/invitations/invitation.entity';
import { invitationUrl, statusOf } from '@customers/invitations/invitation-rules';

/** amountToSend: minor units and the currency object, as balances are shown. */
class InvitationAmountView {
  @ApiProperty({ type: 'integer', example: 12_550, description: 'Minor units of the currency' })
  amount: number;

  @ApiProperty({ type: CurrencyView }) currency: CurrencyView;
}

/** A UMA invitation as the API shows it, and as the INVITATION_CLAIMED webhook carries it. */
export class InvitationView implements InvitationSnapshot {
  [field: string]: unknown;

  @ApiProperty({
    example: 'k3Jx9Qm2Vb7TtZp4Lw8NcA',
    description: 'Unguessable code that names the invitation',
  })
  code: string;

  @ApiProperty({ format: 'date-time' }) createdAt: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the invitation was claimed' })
  claimedAt?: string;

  @ApiProperty({
    example: 'https://acme.uma.local/i/k3Jx9Qm2Vb7TtZp4Lw8NcA',
    description: "Where the invitee opens the invitation: a page at the inviter's UMA domain",
  })
  url: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the invitation expires, if ever' })
  expiresAt?: string;

  @ApiProperty({ example: '$inviter@acme.uma.local' }) inviterUma: string;

  @ApiPropertyOptional({ example: '$invitee@other.uma.local', description: 'Set once claimed' })
  inviteeUma?: string;

  @ApiProperty({ enum: INVITATION_STATUSES }) status: InvitationStatus;

  @ApiPropertyOptional({ example: 'Jane', description: 'Shown to the invitee when they open the link' })
  firstName?: string;

  @ApiPropertyOptional({
    type: InvitationAmountView,
    description:
      'What the inviter means to send once the invitation is claimed; the platform pays it after the ' +
      'INVITATION_CLAIMED webhook',
  })
  amountToSend?: InvitationAmountView;
}

export function presentInvitation(invitation: Invitation, now = new Date()): InvitationView {
  return {
    code: invitation.code,
    createdAt: invitation.createdAt.toISOString(),
    ...(invitation.claimedAt ? { claimedAt: invitation.claimedAt.toISOString() } : {}),
    url: invitationUrl(invitation.inviterUma, invitation.code),
    ...(invitation.expiresAt ? { expiresAt: invitation.expiresAt.toISOString() } : {}),
    inviterUma: invitation.inviterUma,
    ...(invitation.inviteeUma ? { inviteeUma: invitation.inviteeUma } : {}),
    status: statusOf(invitation, now),
    ...(invitation.firstName ? { firstName: invitation.firstName } : {}),
    ...(invitation.amountToSend && invitation.currency
      ? {
          amountToSend: {
            amount: Number(invitation.amountToSend),
            currency: currencyOf(invitation.currency),
          },
        }
      : {}),
  };
}
