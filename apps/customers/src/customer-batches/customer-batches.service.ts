import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CUSTOMER_EVENTS, toApiId } from '@payments/contracts';
import { Caller, PlatformScope, scopeOf } from '@payments/http';
import {
  failureCode,
  inSavepoint,
  isolateFailures,
  ItemOutcome,
  Outbox,
  reportParked,
} from '@payments/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { customerCreated } from '@customers/customers/customer-events';
import { Customer } from '@customers/customers/customer.entity';
import { currenciesOf, newCustomerRecord } from '@customers/customers/customer-records';
import { missingUserInfo } from '@customers/customers/mandatory-user-info';
import { validateBatchEntry, ValidBatchEntry } from '@customers/customer-batches/batch-entry-validation';
import { CustomerBatchesStore } from '@customers/customer-batches/customer-batches.store';
import {
  BatchEntryResult,
  CustomerBatchDto,
  CustomerBatchResponse,
} from '@customers/customer-batches/dto/customer-batch.dto';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { UserInfoField } from '@customers/platforms/user-info-fields';
import { foreignUmaAddress } from '@customers/uma/uma-names';

interface Candidate {
  index: number;
  customer: Customer;
  entry: ValidBatchEntry;
  /** What the platform's currencies require that the entry lacks. */
  missingFields: UserInfoField[];
}

/**
 * Creates customers in batches for the bulk importer, each with the rules, the event and the effects
 * of POST /customers (and of POST /customers/external-accounts for its account), in one transaction
 * per batch with a handful of statements, whatever its size. An entry whose platformCustomerId or UMA
 * address is taken fails alone (409 codes), and so does one the database refuses (ENTRY_NOT_STORED:
 * the batch is stored again in halves, each in a savepoint, down to that entry). The outcome of a
 * batch is kept under its key, so a batch retried after a crash answers exactly as the first time
 * and creates nothing twice (kept CUSTOMER_BATCH_RETENTION_HOURS, docs/operations.md#retention).
 */
@Injectable()
export class CustomerBatchesService {
  private readonly logger = new Logger(CustomerBatchesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly configs: PlatformConfigsService,
    private readonly accounts: ExternalAccountsService,
    private readonly outbox: Outbox,
    private readonly store: CustomerBatchesStore,
  ) {}

  async create(caller: Caller, batch: CustomerBatchDto): Promise<CustomerBatchResponse> {
    const scope = scopeOf(caller);
    const earlier = await this.store.storedResults(this.dataSource.manager, scope, batch.batchKey);
    if (earlier) return { results: earlier };
    // Judged outside the transaction: it is most of the CPU work, and holds no lock.
    const judged = batch.entries.map(validateBatchEntry);
    return this.dataSource.transaction(async (manager) => {
      // A retry racing its first attempt (the importer thought it dead) waits here and then replays.
      await this.store.lockBatchKey(manager, scope, batch.batchKey);
      const replayed = await this.store.storedResults(manager, scope, batch.batchKey);
      if (replayed) return { results: replayed };
      const config = await this.configs.holdForCustomerChange(manager, scope);
      const currencies = currenciesOf(config);
      const results: BatchEntryResult[] = new Array(judged.length);
      const candidates: Candidate[] = [];
      const now = new Date();
      judged.forEach((outcome, index) => {
        if ('error' in outcome) {
          results[index] = outcome;
          return;
        }
        const foreign =
          outcome.customer.umaAddress && foreignUmaAddress(outcome.customer.umaAddress, config.umaDomain);
        if (foreign) {
          results[index] = { error: { code: 'INVALID_UMA_ADDRESS', message: foreign } };
          return;
        }
        const customer = newCustomerRecord(scope, outcome.customer, {
          umaDomain: config.umaDomain,
          withRandomSuffix: false,
          kycStatus: 'APPROVED',
          now,
        });
        // Created even so: the fields are asked for where a currency needs them (docs/api.md#bulk-import).
        const missingFields = missingUserInfo(customer.customerType, customer, currencies);
        candidates.push({ index, customer, entry: outcome, missingFields });
      });
      // An entry the database refuses (a row it cannot store) fails alone; the others are created.
      const outcomes: ItemOutcome<Candidate, boolean>[] = await isolateFailures(candidates, (part) =>
        inSavepoint(manager, () => this.insertCandidates(manager, scope, part, now)),
      );
      const refused = outcomes.flatMap((outcome) =>
        'result' in outcome && !outcome.result ? [outcome.item] : [],
      );
      // The batch's own earlier entries count: they are stored by now.
      const takenIds = await this.store.livePlatformCustomerIds(
        manager,
        scope,
        refused.map((candidate) => candidate.customer.platformCustomerId),
      );
      for (const outcome of outcomes) {
        const { index, customer, missingFields } = outcome.item;
        if ('error' in outcome) {
          reportParked(
            this.logger,
            'customer-batch',
            { batchKey: batch.batchKey, entry: index },
            outcome.error,
          );
          results[index] = {
            error: {
              code: 'ENTRY_NOT_STORED',
              message: 'This entry could not be stored',
              details: { reason: failureCode(outcome.error) },
            },
          };
        } else if (outcome.result) {
          results[index] = {
            customerId: toApiId('Customer', customer.id),
            ...(missingFields.length > 0 ? { missingFields } : {}),
          };
        } else if (takenIds.has(customer.platformCustomerId)) {
          results[index] = {
            error: { code: 'CONFLICT', message: 'A customer with this platformCustomerId already exists' },
          };
        } else {
          results[index] = {
            error: { code: 'UMA_ADDRESS_EXISTS', message: 'This UMA address is already taken' },
          };
        }
      }
      const inserted = outcomes.flatMap((outcome) =>
        'result' in outcome && outcome.result ? [outcome.item] : [],
      );
      if (inserted.length > 0) {
        await this.outbox.add(
          manager,
          CUSTOMER_EVENTS,
          inserted.map(({ customer }) => customerCreated(customer, currencies)),
          caller.requestId,
        );
      }
      await this.store.storeResults(manager, scope, batch.batchKey, results);
      this.logger.log(
        { batchKey: batch.batchKey, entries: judged.length, created: inserted.length },
        'customer batch stored',
      );
      return { results };
    });
  }

  /**
   * Stores the candidates' customers, with their accounts; answers, per candidate, whether its
   * customer was stored (false: its platformCustomerId or UMA address is taken).
   */
  private async insertCandidates(
    manager: EntityManager,
    scope: PlatformScope,
    candidates: Candidate[],
    now: Date,
  ): Promise<boolean[]> {
    const created = await this.store.insertCustomers(
      manager,
      scope,
      firstOfEachUmaAddress(candidates).map((candidate) => candidate.customer),
      now,
    );
    await this.accounts.insertMany(
      manager,
      candidates.flatMap(({ customer, entry: { externalAccount } }) =>
        externalAccount && created.has(customer.id)
          ? [{ scope, customer, ...externalAccount, defaultUmaDepositAccount: false }]
          : [],
      ),
    );
    return candidates.map((candidate) => created.has(candidate.customer.id));
  }
}

/**
 * The candidates without a later one sharing an earlier one's UMA address: the statement inserts in
 * platformCustomerId order, which would let the alphabetically first take the address instead of
 * the earlier in the batch.
 */
function firstOfEachUmaAddress(candidates: Candidate[]): Candidate[] {
  const claimed = new Set<string>();
  return candidates.filter(({ customer: { umaAddress } }) => {
    if (!umaAddress) return true;
    if (claimed.has(umaAddress)) return false;
    claimed.add(umaAddress);
    return true;
  });
}
