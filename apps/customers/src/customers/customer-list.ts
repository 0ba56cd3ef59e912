import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { boundsCreation, Caller, listFilters, Page, scopeOf } from '@payments/http';
import { CountedList, ListCounts, paginate } from '@payments/persistence';
import { Repository } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { CustomerView, presentCustomer } from '@customers/customers/customer.view';
import { ListCustomersQuery } from '@customers/customers/dto/list-customers.query';

/**
 * GET /customers counted with the writes: the live customers, and per customer type. The other
 * equality filters name one live customer each, counted from their unique indexes. A change here
 * needs a migration that recreates the counting triggers.
 */
export const CUSTOMER_LIST: CountedList = {
  table: 'customers',
  listed: 'deleted_at IS NULL',
  dimensions: { customerType: 'customer_type' },
};

/** The pages of one platform's customers in one environment; deleted ones only when asked. */
@Injectable()
export class CustomerList {
  private readonly counts: ListCounts;

  constructor(@InjectRepository(Customer) private readonly customers: Repository<Customer>) {
    this.counts = new ListCounts(customers.manager.connection, CUSTOMER_LIST);
  }

  page(caller: Caller, query: ListCustomersQuery): Promise<Page<CustomerView>> {
    const scope = scopeOf(caller);
    const builder = this.customers
      .createQueryBuilder('customer')
      .where('customer.platformId = :platformId AND customer.environment = :environment', scope);
    if (!query.isIncludingDeleted) builder.andWhere('customer.deletedAt IS NULL');
    const filters = listFilters('customer', query, {
      equal: {
        platformCustomerId: 'platformCustomerId',
        customerType: 'customerType',
        umaAddress: 'umaAddress',
      },
      createdAt: { createdAfter: '>=', createdBefore: '<=' },
      updatedAt: { updatedAfter: '>=', updatedBefore: '<=' },
    });
    for (const filter of filters) builder.andWhere(filter.where, filter.parameters);
    const counted = query.isIncludingDeleted ? undefined : this.counts.counter(scope, filters);
    return paginate(builder, query, presentCustomer, { counted, inCreationOrder: boundsCreation(filters) });
  }
}
