import { Injectable } from '@nestjs/common';
import { PlatformScope } from '@payments/http';
import { EntityManager } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { BatchEntryResult } from '@customers/customer-batches/dto/customer-batch.dto';

/** The statements of a customer batch, each in the caller's transaction (or outside one, where said). */
@Injectable()
export class CustomerBatchesStore {
  /** Queues the transactions of one batch key: a retry racing its first attempt waits for it here. */
  async lockBatchKey(manager: EntityManager, scope: PlatformScope, batchKey: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `customer-batch:${scope.platformId}:${scope.environment}:${batchKey}`,
    ]);
  }

  /** The outcome stored under the batch's key, if a transaction stored one. */
  async storedResults(
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

  async storeResults(
    manager: EntityManager,
    scope: PlatformScope,
    batchKey: string,
    results: BatchEntryResult[],
  ): Promise<void> {
    await manager.query(
      `INSERT INTO customer_batches (platform_id, environment, batch_key, results) VALUES ($1, $2, $3, $4)`,
      [scope.platformId, scope.environment, batchKey, JSON.stringify(results)],
    );
  }

  /**
   * One statement for the whole batch, in platformCustomerId order so that two batches sharing ids
   * take their index locks in the same order and cannot deadlock. A row whose platformCustomerId or
   * UMA address a live customer has is skipped; of two rows sharing a platformCustomerId, the
   * earlier in the batch wins (the order's tie-break). Returns the ids stored.
   */
  async insertCustomers(
    manager: EntityManager,
    scope: PlatformScope,
    customers: Customer[],
    now: Date,
  ): Promise<Set<string>> {
    if (customers.length === 0) return new Set();
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

  /** Which of `platformCustomerIds` a live customer of the scope has now. */
  async livePlatformCustomerIds(
    manager: EntityManager,
    scope: PlatformScope,
    platformCustomerIds: string[],
  ): Promise<Set<string>> {
    if (platformCustomerIds.length === 0) return new Set();
    const rows: { platform_customer_id: string }[] = await manager.query(
      `SELECT platform_customer_id FROM customers
       WHERE platform_id = $1 AND environment = $2 AND deleted_at IS NULL AND platform_customer_id = ANY($3::text[])`,
      [scope.platformId, scope.environment, platformCustomerIds],
    );
    return new Set(rows.map((row) => row.platform_customer_id));
  }
}
