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
  ) {}

  async create(caller: Caller, batch: CustomerBatchDto): Promise<CustomerBatchResponse> {
    const scope = scopeOf(caller);
    const earlier = await this.storedResults(this.dataSource.manager, scope, batch.batchKey);
    if (earlier) return { results: earlier };
    // Judged outside the transaction: it is most of the CPU work, and holds no lock.
    const judged = batch.entries.map(validateBatchEntry);
    return this.dataSource.transaction(async (manager) => {
      // A retry racing its first attempt (the importer thought it dead) waits here and then replays.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `customer-batch:${scope.platformId}:${scope.environment}:${batch.batchKey}`,
      ]);
      const replayed = await this.storedResults(manager, scope, batch.batchKey);
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
      const takenIds = await this.livePlatformCustomerIds(manager, scope, refused);
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
      await manager.query(
        `INSERT INTO customer_batches (platform_id, environment, batch_key, results) VALUES ($1, $2, $3, $4)`,
        [scope.platformId, scope.environment, batch.batchKey, JSON.stringify(results)],
      );
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
    const created = await this.insertCustomers(manager, scope, firstOfEachUmaAddress(candidates), now);
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

  /**
   * One statement for the whole batch, in platformCustomerId order so that two batches sharing ids
   * take their index locks in the same order and cannot deadlock. A row whose platformCustomerId or
   * UMA address a live customer has is skipped; of two rows sharing a platformCustomerId, the
   * earlier in the batch wins (the order's tie-break). Returns the ids stored.
   */
  private async insertCustomers(
    manager: EntityManager,
    scope: PlatformScope,
    candidates: Candidate[],
    now: Date,
  ): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const customers = candidates.map((candidate) => candidate.customer);
    const column = <T>(value: (customer: Customer) => T) => customers.map(value);
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO customers (id, platform_id, environment, platform_customer_id, customer_type, uma_address,
         kyc_status, full_name, birth_date, nationality, email, phone_number, address, business_info,
         beneficial_owners, description, created_at, updated_at)
       SELECT c.id, $1, $2, c.platform_customer_id, c.customer_type, c.uma_address, c.kyc_status, c.full_name,
         c.birth_date::date, c.nationality, c.email, c.phone_number, c.address::json, c.business_info::json,
         c.beneficial_owners::json, c.description, $3, $3
       FROM unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
         $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[]) WITH ORDINALITY
         AS c (id, platform_customer_id, customer_type, uma_address, kyc_status, full_name, birth_date, nationality,
           email, phone_number, address, business_info, beneficial_owners, description, position)
       ORDER BY c.platform_customer_id, c.position
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [
        scope.platformId,
        scope.environment,
        now,
        column((customer) => customer.id),
        column((customer) => customer.platformCustomerId),
        column((customer) => customer.customerType),
        column((customer) => customer.umaAddress),
        column((customer) => customer.kycStatus),
        column((customer) => customer.fullName),
        column((customer) => customer.birthDate),
        column((customer) => customer.nationality),
        column((customer) => customer.email),
        column((customer) => customer.phoneNumber),
        column((customer) => json(customer.address)),
        column((customer) => json(customer.businessInfo)),
        column((customer) => json(customer.beneficialOwners)),
        column((customer) => customer.description),
      ],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Which of the candidates' platformCustomerIds a live customer has now (this batch's own included). */
  private async livePlatformCustomerIds(
    manager: EntityManager,
    scope: PlatformScope,
    candidates: Candidate[],
  ): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const rows: { platform_customer_id: string }[] = await manager.query(
      `SELECT platform_customer_id FROM customers
       WHERE platform_id = $1 AND environment = $2 AND deleted_at IS NULL AND platform_customer_id = ANY($3::text[])`,
      [
        scope.platformId,
        scope.environment,
        candidates.map((candidate) => candidate.customer.platformCustomerId),
      ],
    );
    return new Set(rows.map((row) => row.platform_customer_id));
  }

  private async storedResults(
    manager: EntityManager,
    scope: PlatformScope,
    batchKey: string,
  ): Promise<BatchEntryResult[] | undefined> {
    const [row] = await manager.query(
      `SELECT results FROM customer_batches WHERE platform_id = $1 AND environment = $2 AND batch_key = $3`,
      [scope.platformId, scope.environment, batchKey],
    );
    return row?.results;
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
