import { ApiPropertyOptional } from '@nestjs/swagger';
import { ToBoolean } from '@payments/http';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { FEE_RULE_TRANSACTION_TYPES, FeeRuleTransactionType } from '@quoting/fee-rules/fee-rule.entity';

export class ListFeeRulesQuery {
  @ApiPropertyOptional({ enum: FEE_RULE_TRANSACTION_TYPES })
  @IsOptional()
  @IsIn(FEE_RULE_TRANSACTION_TYPES)
  transactionType?: FeeRuleTransactionType;

  @ApiPropertyOptional({ description: 'true for enabled rules only, false for disabled ones only' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  enabled?: boolean;
}
