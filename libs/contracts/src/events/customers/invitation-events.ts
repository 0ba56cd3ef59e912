import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

export const INVITATION_STATUSES = ['PENDING', 'CLAIMED', 'EXPIRED', 'CANCELLED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export class InvitationAmount {
  @IsInt() @Min(1) amount: number;
  /** The currency object as the API shows it; only its code is checked here. */
  @IsObject() currency: { code: string };
}

/**
 * The invitation exactly as `GET /invitations/{invitationCode}` shows it; the webhook dispatcher
 * passes it on unchanged, so only the fields it relies on are checked.
 */
export class InvitationSnapshot {
  @IsString() code: string;
  @IsIn(INVITATION_STATUSES) status: InvitationStatus;
  @IsString() inviterUma: string;
  @IsString() url: string;
  @IsString() createdAt: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => InvitationAmount) amountToSend?: InvitationAmount;
  [field: string]: unknown;
}

/** An invitee claimed the invitation; the platform that created it may now pay them. */
export class InvitationClaimedV1 {
  @IsObject() @ValidateNested() @Type(() => InvitationSnapshot) invitation: InvitationSnapshot;
}

export type InvitationEvent = EventEnvelope<'invitation.claimed', InvitationClaimedV1>;

/** Producer: customers. Key: the invitation code. */
export const INVITATION_EVENTS = new TopicContract<InvitationEvent>('customers.invitation-events.v1', 3, {
  'invitation.claimed@1': InvitationClaimedV1,
});
