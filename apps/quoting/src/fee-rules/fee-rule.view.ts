import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toApiId } from '@payments/contracts';
import { FIXED_FEE_PROPERTY, VARIABLE_FEE_RATE_PROPERTY } from '@quoting/fee-rules/fee-components';
import {
  FEE_RULE_TRANSACTION_TYPES,
  FEE_TYPES,
  FeeRule,
  FeeRuleTransactionType,
  FeeType,
} from '@quoting/fee-rules/fee-rule.entity';

export class FeeRuleView {
  @ApiProperty({ example: 'FeeRule:019542f5-b3e7-1d02-0000-000000000001' }) id: string;
  @ApiProperty({ enum: FEE_RULE_TRANSACTION_TYPES }) transactionType: FeeRuleTransactionType;
  @ApiProperty({ enum: FEE_TYPES }) feeType: FeeType;
  @ApiPropertyOptional(FIXED_FEE_PROPERTY) fixedFee?: number;
  @ApiPropertyOptional(VARIABLE_FEE_RATE_PROPERTY) variableFeeRate?: number;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** Every rule at once: a platform has at most one per transaction type, so there is nothing to page. */
export class FeeRuleList {
  @ApiProperty({ type: [FeeRuleView] }) data: FeeRuleView[];
}

/** Components the fee type does not charge are left out rather than shown as null. */
export function presentFeeRule(rule: FeeRule): FeeRuleView {
  return {
    id: toApiId('FeeRule', rule.id),
    transactionType: rule.transactionType,
    feeType: rule.feeType,
    ...(rule.fixedFee === null ? {} : { fixedFee: rule.fixedFee }),
    // The API shows a JSON number; six decimal places read back exactly. Pricing uses the text (activeRule).
    ...(rule.variableFeeRate === null ? {} : { variableFeeRate: Number(rule.variableFeeRate) }),
    enabled: rule.enabled,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}
