import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PLATFORM_EVENTS, TRANSACTION_EVENTS } from '@payments/contracts';
import { serviceFoundation } from '@payments/messaging';
import { ListCountsWorker } from '@payments/persistence';
import { CustomerReadinessClient } from '@payments/runtime';
import { AccountDirectory } from '@quoting/accounts/account-directory';
import { QUOTING_SCHEMA } from '@quoting/database';
import { QuoteTransfersClient } from '@quoting/execution/quote-transfers.client';
import { FeeRulesModule } from '@quoting/fee-rules/fee-rules.module';
import { PlatformCurrencies, PlatformCurrenciesConsumer } from '@quoting/platforms/platform-currencies';
import { PlatformCurrenciesStore } from '@quoting/platforms/platform-currencies.store';
import { Pricer } from '@quoting/pricing/pricer';
import { TransferFeesController } from '@quoting/pricing/transfer-fees.controller';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { QUOTING_RETENTION } from '@quoting/retention';
import { QuoteLifecycleWorker } from '@quoting/quotes/quote-lifecycle.worker';
import { QuoteProgressConsumer } from '@quoting/quotes/quote-progress.consumer';
import { Quote } from '@quoting/quotes/quote.entity';
import { QuoteStore } from '@quoting/quotes/quote.store';
import { QuotesController } from '@quoting/quotes/quotes.controller';
import { QuoteList } from '@quoting/quotes/quote-list';
import { QuotesService } from '@quoting/quotes/quotes.service';
import { BuiltInRateSource } from '@quoting/rates/built-in-rate-source';
import { ExchangeRatesController } from '@quoting/rates/exchange-rates.controller';
import { HttpRateSource } from '@quoting/rates/http-rate-source';
import { RateBook } from '@quoting/rates/rate-book';
import { RATE_SOURCE, RateSource } from '@quoting/rates/rate-source';
import { ReceiverLookupStore } from '@quoting/receivers/receiver-lookup.store';
import { ReceiverLookupsService } from '@quoting/receivers/receiver-lookups.service';
import { ReceiversController } from '@quoting/receivers/receivers.controller';
import { UmaQuoteDestinations } from '@quoting/receivers/uma-quote-destinations';
import { QuoteEndsResolver } from '@quoting/quotes/quote-ends.resolver';
import { UmaProvidersController } from '@quoting/uma-providers/uma-providers.controller';
import { RemoteUmaCounterparty } from '@quoting/uma/remote-uma-counterparty';
import { UmaCounterparties } from '@quoting/uma/uma-counterparties';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'quoting',
      environment: QuotingEnvironment,
      schema: QUOTING_SCHEMA,
      retention: QUOTING_RETENTION,
      produces: [],
      consumes: [PLATFORM_EVENTS, TRANSACTION_EVENTS],
    }),
    TypeOrmModule.forFeature([Quote]),
    FeeRulesModule,
  ],
  controllers: [
    QuotesController,
    ExchangeRatesController,
    TransferFeesController,
    PlatformCurrenciesConsumer,
    QuoteProgressConsumer,
    ReceiversController,
    UmaProvidersController,
  ],
  providers: [
    {
      provide: RATE_SOURCE,
      inject: [ConfigService],
      useFactory: (config: ConfigService<QuotingEnvironment, true>): RateSource =>
        config.get('RATE_SOURCE', { infer: true }) === 'http'
          ? new HttpRateSource(config.get('RATE_SOURCE_URL', { infer: true }))
          : new BuiltInRateSource(),
    },
    RateBook,
    Pricer,
    PlatformCurrencies,
    PlatformCurrenciesStore,
    AccountDirectory,
    CustomerReadinessClient,
    QuoteTransfersClient,
    QuoteStore,
    QuoteEndsResolver,
    QuotesService,
    QuoteList,
    ListCountsWorker,
    UmaCounterparties,
    RemoteUmaCounterparty,
    ReceiverLookupStore,
    ReceiverLookupsService,
    UmaQuoteDestinations,
    QuoteLifecycleWorker,
  ],
})
export class AppModule {}
