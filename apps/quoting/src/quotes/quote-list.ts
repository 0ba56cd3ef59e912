import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { boundsCreation, Caller, listFilters, Page, scopeOf } from '@payments/http';
import { CountedList, ListCounts, paginate } from '@payments/persistence';
import { Repository } from 'typeorm';
import { ListQuotesQuery } from '@quoting/quotes/dto/list-quotes.query';
import { Quote } from '@quoting/quotes/quote.entity';
import { presentQuote, QuoteView } from '@quoting/quotes/quote.view';

/**
 * GET /quotes counted with the writes, per value of each equality filter. A change here needs a
 * migration that recreates the counting triggers.
 */
export const QUOTE_LIST: CountedList = {
  table: 'quotes',
  listed: 'true',
  dimensions: {
    sendingCustomerId: 'sending_customer_id',
    sourceAccountId: 'source_account_id',
    destinationAccountId: 'destination_account_id',
    sendingUmaAddress: 'sending_uma_address',
    receivingUmaAddress: 'receiving_uma_address',
    status: 'status',
  },
};

/** The pages of one platform's quotes in one environment. */
@Injectable()
export class QuoteList {
  private readonly counts: ListCounts;

  constructor(@InjectRepository(Quote) private readonly quotes: Repository<Quote>) {
    this.counts = new ListCounts(quotes.manager.connection, QUOTE_LIST);
  }

  page(caller: Caller, query: ListQuotesQuery): Promise<Page<QuoteView>> {
    const scope = scopeOf(caller);
    const builder = this.quotes
      .createQueryBuilder('quote')
      .where('quote.platformId = :platformId AND quote.environment = :environment', scope);
    const filters = listFilters('quote', query, {
      equal: {
        customerId: 'sendingCustomerId',
        sendingAccountId: 'sourceAccountId',
        receivingAccountId: 'destinationAccountId',
        sendingUmaAddress: 'sendingUmaAddress',
        receivingUmaAddress: 'receivingUmaAddress',
        status: 'status',
      },
      createdAt: { createdAfter: '>=', createdBefore: '<=' },
    });
    for (const filter of filters) builder.andWhere(filter.where, filter.parameters);
    return paginate(builder, query, presentQuote, {
      counted: this.counts.counter(scope, filters),
      inCreationOrder: boundsCreation(filters),
    });
  }
}
