import { Customer } from '@customers/customers/customer.entity';
import { InvitationsService } from '@customers/invitations/invitations.service';
import { InvitationsStore } from '@customers/invitations/invitations.store';
import { tenantDatabase } from '@customers/__tests__/tenant-database';
import { customerRow, UMA_DOMAIN } from '@customers/__tests__/tenant-kit';

export const INVITER_UMA = `$inviter@${UMA_DOMAIN}`;
export const INVITEE_UMA = '$invitee@other.uma.local';

/** An InvitationsService on the spec's database, emptied, whose platforms support `currencyCodes`, with an inviter. */
export async function invitationsService(currencyCodes: string[] = ['USD']) {
  const database = await tenantDatabase(currencyCodes);
  const inviter = customerRow({ umaAddress: INVITER_UMA });
  await database.seed(Customer, inviter);
  const service = new InvitationsService(database.dataSource, database.outbox, new InvitationsStore());
  return { service, database, inviter };
}
