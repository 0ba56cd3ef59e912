import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { CUSTOMER_EVENTS, KycStatus, uuidOf } from '@payments/contracts';
import { ApiException, Caller, effectIdOf, PlatformScope, scopeOf } from '@payments/http';
import { inScope, Outbox, RowCache, RowChanges } from '@payments/persistence';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { violatedUniqueConstraint } from '@customers/database-errors';
import { customerCreated, customerDeleted, customerUpdated } from '@customers/customers/customer-events';
import { findCustomer } from '@customers/customers/customer-lookup';
import {
  Customer,
  PLATFORM_CUSTOMER_ID_UNIQUE,
  UMA_ADDRESS_UNIQUE,
} from '@customers/customers/customer.entity';
import { CustomerView, presentCustomer } from '@customers/customers/customer.view';
import { CreateCustomerDto } from '@customers/customers/dto/create-customer.dto';
import { CustomerFieldsDto } from '@customers/customers/dto/customer-fields.dto';
import { changesOf, currenciesOf, newCustomerRecord } from '@customers/customers/customer-records';
import { assertNoMissingUserInfo, missingUserInfo } from '@customers/customers/mandatory-user-info';
import { UserInfoField } from '@customers/platforms/user-info-fields';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { assertOwnUmaAddress } from '@customers/uma/uma-names';

/** Attempts at a generated UMA address before the conflict is reported; each retry adds a random suffix. */
const MAX_GENERATED_ADDRESS_ATTEMPTS = 5;

export interface NewCustomerOptions {
  /** A customer created through the API is APPROVED; the hosted KYC page decides for its own. */
  kycStatus?: KycStatus;
  requestId?: string;
  /** The new customer's id; random when not given. */
  id?: string;
  /** More of the same change, committed or rolled back with the customer's (e.g. using up a KYC link). */
  alsoInTransaction?: (manager: EntityManager, customer: Customer) => Promise<void>;
}

/** Customers read by id stay in memory until they change (see the row-change migration). */
const CACHED_CUSTOMERS = { maxEntries: 10_000, ttlMs: 60_000 };

/**
 * The row-cache key of a customer, as its trigger announces it: platform, environment and uuid.
 * Undefined for a malformed id, which is never found.
 */
function cacheKeyOf(scope: PlatformScope, customerId: string): string | undefined {
  const id = uuidOf('Customer', customerId);
  return id && `${scope.platformId}:${scope.environment}:${id}`;
}

/**
 * Customers of one platform in one environment. Every change commits together with its event in the
 * outbox; uniqueness is left to the database's unique indexes, whose violations become 409s.
 */
@Injectable()
export class CustomersService {
  private readonly cached: RowCache<Customer>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Customer) private readonly customers: Repository<Customer>,
    private readonly configs: PlatformConfigsService,
    private readonly outbox: Outbox,
    rowChanges: RowChanges,
  ) {
    this.cached = rowChanges.cacheOf<Customer>('customers', CACHED_CUSTOMERS);
  }

  /**
   * With an Idempotency-Key the customer's id is named by it, so a retry finds the customer its first
   * request made (even one whose answer was lost) instead of a 409 for its platformCustomerId.
   */
  async create(caller: Caller, body: CreateCustomerDto): Promise<CustomerView> {
    const scope = scopeOf(caller);
    const id = effectIdOf(caller, 'customer');
    const made = async () => inScope(await this.customers.findOneBy({ id }), scope);
    if (caller.idempotencyKey) {
      const existing = await made();
      if (existing) return presentCustomer(existing);
    }
    try {
      return presentCustomer(await this.createInScope(scope, body, { requestId: caller.requestId, id }));
    } catch (error) {
      // A retry that raced its first request: that one made the customer.
      const existing = caller.idempotencyKey ? await made() : null;
      if (existing) return presentCustomer(existing);
      throw error;
    }
  }

  /** Creates a customer of `scope`; 409 CONFLICT or UMA_ADDRESS_EXISTS when an identifier is taken. */
  async createInScope(
    scope: PlatformScope,
    body: CreateCustomerDto,
    options: NewCustomerOptions = {},
  ): Promise<Customer> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.insert(scope, body, attempt > 1, options);
      } catch (error) {
        const generatedAddressTaken =
          body.umaAddress === undefined && violatedUniqueConstraint(error) === UMA_ADDRESS_UNIQUE;
        if (!generatedAddressTaken || attempt === MAX_GENERATED_ADDRESS_ATTEMPTS) throw asConflict(error);
      }
    }
  }

  /** A deleted customer is still returned, with isDeleted true. */
  async get(caller: Caller, customerId: string): Promise<CustomerView> {
    return presentCustomer(await this.read(scopeOf(caller), customerId));
  }

  /**
   * 400 MISSING_MANDATORY_USER_INFO naming what those of `currencyCodes` the platform has enabled
   * require and the customer lacks: a customer imported without them (docs/api.md#bulk-import) pays
   * in those currencies once they are supplied. A currency the platform has not enabled asks for
   * nothing, as it did not at the customer's creation.
   */
  async assertPaymentReady(caller: Caller, customerId: string, currencyCodes: string[]): Promise<void> {
    const scope = scopeOf(caller);
    const [customer, enabled] = await Promise.all([
      this.read(scope, customerId),
      this.configs.currencyCodes(scope),
    ]);
    // Named in the message: the currencies that ask for what is missing, not those that are satisfied.
    const requiring = currencyCodes.filter(
      (code) => enabled.includes(code) && missingUserInfo(customer.customerType, customer, [code]).length > 0,
    );
    assertNoMissingUserInfo(
      customer.customerType,
      customer,
      requiring,
      `Payments in ${requiring.join(' and ')}`,
    );
  }

  /** What the platform's currencies require that the customer lacks: only an imported one may. */
  async missingUserInfoOf(customer: Customer): Promise<UserInfoField[]> {
    const scope = { platformId: customer.platformId, environment: customer.environment };
    return missingUserInfo(customer.customerType, customer, await this.configs.currencyCodes(scope));
  }

  private read(scope: PlatformScope, customerId: string): Promise<Customer> {
    const load = () => findCustomer(this.dataSource.manager, scope, customerId);
    const key = cacheKeyOf(scope, customerId);
    return key ? this.cached.read(key, load) : load();
  }

  async update(caller: Caller, customerId: string, body: CustomerFieldsDto): Promise<CustomerView> {
    const options = { requestId: caller.requestId };
    return presentCustomer(await this.updateInScope(scopeOf(caller), customerId, body, options));
  }

  /** Changes a customer of `scope`: what the body leaves out stays, and nothing is taken away. */
  async updateInScope(
    scope: PlatformScope,
    customerId: string,
    body: CustomerFieldsDto,
    { requestId, alsoInTransaction }: Pick<NewCustomerOptions, 'requestId' | 'alsoInTransaction'>,
  ): Promise<Customer> {
    try {
      const updated = await this.dataSource.transaction(async (manager) => {
        const config = await this.configs.holdForCustomerChange(manager, scope);
        assertOwnUmaAddress(body.umaAddress, config.umaDomain);
        const customer = await this.lockLive(manager, scope, customerId);
        if (body.customerType !== customer.customerType) {
          throw ApiException.invalidInput([
            { field: 'customerType', message: `must be ${customer.customerType}, the type of this customer` },
          ]);
        }
        const changes = { ...changesOf(body), updatedAt: new Date() };
        Object.assign(customer, changes);
        assertNoMissingUserInfo(customer.customerType, customer, currenciesOf(config));
        await manager.update(Customer, customer.id, changes);
        await this.outbox.add(manager, CUSTOMER_EVENTS, customerUpdated(customer), requestId);
        await alsoInTransaction?.(manager, customer);
        return customer;
      });
      this.forgetCommitted(scope, customerId);
      return updated;
    } catch (error) {
      throw asConflict(error);
    }
  }

  /** Soft delete: the customer stays readable, frees its platformCustomerId and UMA address, and changes no more. */
  async delete(caller: Caller, customerId: string): Promise<CustomerView> {
    const scope = scopeOf(caller);
    const deleted = await this.dataSource.transaction(async (manager) => {
      const customer = await this.lockLive(manager, scope, customerId);
      const now = new Date();
      const changes = { deletedAt: now, updatedAt: now };
      await manager.update(Customer, customer.id, changes);
      Object.assign(customer, changes);
      await this.outbox.add(manager, CUSTOMER_EVENTS, customerDeleted(customer), caller.requestId);
      return presentCustomer(customer);
    });
    this.forgetCommitted(scope, customerId);
    return deleted;
  }

  /**
   * Every replica hears of a committed change from its trigger; this one forgets at once, so that
   * its caller's next read never races that notification.
   */
  private forgetCommitted(scope: PlatformScope, customerId: string): void {
    this.cached.evict(cacheKeyOf(scope, customerId)!);
  }

  private insert(
    scope: PlatformScope,
    body: CreateCustomerDto,
    withRandomSuffix: boolean,
    { kycStatus = 'APPROVED', requestId, id, alsoInTransaction }: NewCustomerOptions,
  ): Promise<Customer> {
    return this.dataSource.transaction(async (manager) => {
      const config = await this.configs.holdForCustomerChange(manager, scope);
      assertOwnUmaAddress(body.umaAddress, config.umaDomain);
      const customer = newCustomerRecord(scope, body, {
        umaDomain: config.umaDomain,
        withRandomSuffix,
        kycStatus,
        now: new Date(),
        id,
      });
      assertNoMissingUserInfo(customer.customerType, customer, currenciesOf(config));
      await manager.insert(Customer, customer);
      await this.outbox.add(
        manager,
        CUSTOMER_EVENTS,
        customerCreated(customer, currenciesOf(config)),
        requestId,
      );
      await alsoInTransaction?.(manager, customer);
      return customer;
    });
  }

  private async lockLive(
    manager: EntityManager,
    scope: PlatformScope,
    customerId: string,
  ): Promise<Customer> {
    const customer = await findCustomer(manager, scope, customerId, { lock: 'pessimistic_write' });
    if (customer.deletedAt)
      throw new ApiException(
        'CUSTOMER_DELETED',
        `Customer ${customerId} has been deleted and cannot change: create a new customer instead`,
      );
    return customer;
  }
}

/** A unique-index violation becomes the API's conflict for that index; anything else passes through. */
function asConflict(error: unknown): unknown {
  switch (violatedUniqueConstraint(error)) {
    case PLATFORM_CUSTOMER_ID_UNIQUE:
      return new ApiException(
        'CONFLICT',
        'A live customer of this platform already has this platformCustomerId: use another, or update that customer',
      );
    case UMA_ADDRESS_UNIQUE:
      return new ApiException('UMA_ADDRESS_EXISTS', 'This UMA address is already taken: choose another');
    default:
      return error;
  }
}
