import { Environment } from '@payments/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What is stored of a status: EXPIRED is derived from expiresAt (see invitation-rules.ts). */
export type StoredInvitationStatus = 'PENDING' | 'CLAIMED' | 'CANCELLED';

/** A UMA invitation made by one of the platform's customers, claimed at most once. */
@Entity({ name: 'invitations' })
export class Invitation {
  @PrimaryColumn('uuid')
  id: string;

  /** Random and unguessable; the API names the invitation by it. */
  @Column('text')
  code: string;

  @Column('uuid', { name: 'platform_id' })
  platformId: string;

  @Column('text')
  environment: Environment;

  @Column('uuid', { name: 'inviter_customer_id' })
  inviterCustomerId: string;

  /** The inviter's UMA address when the invitation was made, lower-case. */
  @Column('text', { name: 'inviter_uma' })
  inviterUma: string;

  @Column('text', { name: 'first_name', nullable: true })
  firstName: string | null;

  /** Minor units of `currency`; shown to the invitee, paid by the platform once claimed. */
  @Column('bigint', { name: 'amount_to_send', nullable: true })
  amountToSend: string | null;

  @Column('text', { nullable: true })
  currency: string | null;

  @Column('text')
  status: StoredInvitationStatus;

  @Column('text', { name: 'invitee_uma', nullable: true })
  inviteeUma: string | null;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('timestamptz', { name: 'claimed_at', nullable: true })
  claimedAt: Date | null;

  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
