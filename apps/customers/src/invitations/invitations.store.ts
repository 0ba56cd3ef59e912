import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { StoredInvitationStatus } from '@customers/invitations/invitation.entity';

/** The invitations' guarded status changes, in the caller's transaction. */
@Injectable()
export class InvitationsStore {
  /**
   * Moves invitation `id` to `status` at `at` if it is still PENDING and unexpired then, in one
   * UPDATE, so that of two concurrent claims exactly one wins; answers whether it moved. `at` is the
   * service's clock, the one that set the invitation's expiry.
   */
  async moveIfPending(
    manager: EntityManager,
    id: string,
    status: Exclude<StoredInvitationStatus, 'PENDING'>,
    inviteeUma: string | null,
    at: Date,
  ): Promise<boolean> {
    const [, moved]: [unknown[], number] = await manager.query(
      `UPDATE invitations
          SET status = $2, invitee_uma = $3, updated_at = $4,
              claimed_at = CASE WHEN $2 = 'CLAIMED' THEN $4::timestamptz END,
              cancelled_at = CASE WHEN $2 = 'CANCELLED' THEN $4::timestamptz END
        WHERE id = $1 AND status = 'PENDING' AND (expires_at IS NULL OR expires_at > $4)`,
      [id, status, inviteeUma, at],
    );
    return moved > 0;
  }
}
