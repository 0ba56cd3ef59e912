import { Module } from '@nestjs/common';
import { serviceFoundation } from '@payments/messaging';
import { QUOTING_SCHEMA } from '@quoting/database';
import { FeeRulesModule } from '@quoting/fee-rules/fee-rules.module';
import { QuotingEnvironment } from '@quoting/quoting.environment';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'quoting',
      environment: QuotingEnvironment,
      schema: QUOTING_SCHEMA,
      produces: [],
      consumes: [],
    }),
    FeeRulesModule,
  ],
})
export class AppModule {}
