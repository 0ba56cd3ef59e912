import { Injectable } from '@nestjs/common';
import { PlatformScope } from '@payments/http';
import { EntityManager, IsNull } from 'typeorm';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';

/** The statements on external accounts that the ORM's reads and inserts do not cover. */
@Injectable()
export class ExternalAccountsStore {
  /**
   * Unsets the default UMA deposit account of the owner (`customerId`, or null for the platform), in
   * the caller's transaction. An advisory lock on the owner queues concurrent requests, so that each
   * one's update sees the default the one before it set; the partial unique index guards the rest.
   */
  async unsetDefault(manager: EntityManager, scope: PlatformScope, customerId: string | null): Promise<void> {
    const owner = `external-accounts-default:${scope.platformId}:${scope.environment}:${customerId ?? 'platform'}`;
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [owner]);
    await manager.update(
      ExternalAccount,
      {
        platformId: scope.platformId,
        environment: scope.environment,
        customerId: customerId ?? IsNull(),
        defaultUmaDepositAccount: true,
      },
      { defaultUmaDepositAccount: false, updatedAt: new Date() },
    );
  }
}
