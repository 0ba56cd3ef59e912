import { Customer } from '@customers/customers/customer.entity';
import { Invitation } from '@customers/invitations/invitation.entity';
import { InvitationsService } from '@customers/invitations/invitations.service';
import { MemoryDatabase } from '@customers/__tests__/memory-database-kit';
import { customerRow, tenantDatabase, UMA_DOMAIN } from '@customers/__tests__/tenant-kit';

export const INVITER_UMA = `$inviter@${UMA_DOMAIN}`;
export const INVITEE_UMA = '$invitee@other.uma.local';

/**
 * The guarded UPDATE of a claim or a cancellation, on the MemoryDatabase's invitations: it moves
 * only an invitation still PENDING and not expired, and answers the rows it moved with updated_at.
 */
function guardedMove(database: MemoryDatabase) {
  return async (params: unknown[]) => {
    const [id, status, inviteeUma] = params as [string, Invitation['status'], string | null];
    const now = new Date();
    const movable = database
      .rows(Invitation)
      .some(
        (row) => row.id === id && row.status === 'PENDING' && (row.expiresAt === null || row.expiresAt > now),
      );
    if (!movable) return [[], 0];
    await database.manager.update(Invitation, id, {
      status,
      inviteeUma,
      updatedAt: now,
      claimedAt: status === 'CLAIMED' ? now : null,
      cancelledAt: status === 'CANCELLED' ? now : null,
    });
    return [[{ updated_at: now }], 1];
  };
}

/** An InvitationsService on a MemoryDatabase whose platforms support `currencyCodes`, with an inviter. */
export function invitationsService(currencyCodes: string[] = ['USD']) {
  const database = tenantDatabase(currencyCodes);
  database.onQuery(/^\s*UPDATE invitations\b/, guardedMove(database));
  const inviter = customerRow({ umaAddress: INVITER_UMA });
  database.seed(Customer, inviter);
  const service = new InvitationsService(database.dataSource, database.outbox());
  return { service, database, inviter };
}
