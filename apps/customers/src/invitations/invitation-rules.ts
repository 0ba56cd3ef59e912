import { InvitationStatus } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { randomBytes } from 'node:crypto';
import { Invitation } from '@customers/invitations/invitation.entity';

/** 128 random bits: a code cannot be guessed, and each names one invitation among all platforms'. */
const CODE_BYTES = 16;
const CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newInvitationCode(): string {
  return randomBytes(CODE_BYTES).toString('base64url');
}

/** A code this service could have made; anything else is not found without a database round trip. */
export function isInvitationCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/**
 * Where the invitee opens the invitation: a page at the inviter's UMA domain, which the platform
 * serves (as `uma.me/i/<code>` does for the public service); this service hosts no invitee page.
 */
export function invitationUrl(inviterUma: string, code: string): string {
  return `https://${inviterUma.slice(inviterUma.indexOf('@') + 1)}/i/${code}`;
}

/** The status the API shows: a pending invitation past its expiry is EXPIRED. */
export function statusOf(invitation: Pick<Invitation, 'status' | 'expiresAt'>, now: Date): InvitationStatus {
  const expired = invitation.expiresAt !== null && invitation.expiresAt.getTime() <= now.getTime();
  return invitation.status === 'PENDING' && expired ? 'EXPIRED' : invitation.status;
}

/** Claim and cancel act on a PENDING invitation only: anything else is a 409 naming its status. */
export function assertPending(
  invitation: Pick<Invitation, 'code' | 'status' | 'expiresAt'>,
  action: 'claimed' | 'cancelled',
  now: Date,
): void {
  const status = statusOf(invitation, now);
  if (status !== 'PENDING') {
    throw new ApiException('CONFLICT', `Invitation ${invitation.code} is ${status} and cannot be ${action}`, {
      status,
    });
  }
}

export function invitationNotFound(code: string): ApiException {
  return ApiException.notFound('INVITATION_NOT_FOUND', `Invitation ${code}`);
}
