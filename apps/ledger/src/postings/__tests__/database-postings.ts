import { ConfigService } from '@nestjs/config';
import { toApiId } from '@payments/contracts';
import { Caller } from '@payments/http';
import { Outbox } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { LedgerAccount } from '@ledger/accounts/account.entity';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';
import { SystemAccountsService } from '@ledger/accounts/system-accounts.service';
import { PostingsService } from '@ledger/postings/postings.service';

/**
 * PostingsService on a migrated ledger database, for the specs that move money through real SQL,
 * with the caller's one customer ('Customer:1', 'c-1') and its USD internal account opened; its
 * events go to the outbox under topics prefixed `test.`.
 */
export async function postingsOnDatabase(
  dataSource: DataSource,
  caller: Caller,
): Promise<{ postings: PostingsService; accountId: string }> {
  const accounts = new InternalAccountsService(dataSource.getRepository(LedgerAccount));
  const outbox = new Outbox(new ConfigService({ KAFKA_TOPIC_PREFIX: 'test.' }));
  const postings = new PostingsService(dataSource, accounts, new SystemAccountsService(dataSource), outbox);
  await accounts.open(dataSource.manager, [
    { owner: { ...caller, customerId: 'Customer:1', platformCustomerId: 'c-1' }, currencies: ['USD'] },
  ]);
  const [{ id }] = await dataSource.query(`SELECT id FROM accounts WHERE kind = 'INTERNAL'`);
  return { postings, accountId: toApiId('InternalAccount', id) };
}
