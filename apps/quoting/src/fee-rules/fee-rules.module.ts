import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditChangesController } from '@payments/persistence';
import { FeeRule } from '@quoting/fee-rules/fee-rule.entity';
import { FeeRulesController } from '@quoting/fee-rules/fee-rules.controller';
import { FeeRulesService } from '@quoting/fee-rules/fee-rules.service';

/** Fee rules over the API, and FeeRulesService.activeRule for quote pricing. */
@Module({
  imports: [TypeOrmModule.forFeature([FeeRule])],
  controllers: [FeeRulesController, AuditChangesController],
  providers: [FeeRulesService],
  exports: [FeeRulesService],
})
export class FeeRulesModule {}
