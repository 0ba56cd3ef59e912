import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@payments/http';
import { IsBoolean, IsIn } from 'class-validator';
import {
  FIXED_FEE_PROPERTY,
  IsFeeComponentOfBody,
  VARIABLE_FEE_RATE_PROPERTY,
} from '@quoting/fee-rules/fee-components';
import {
  FEE_RULE_TRANSACTION_TYPES,
  FEE_TYPES,
  FeeRuleTransactionType,
  FeeType,
} from '@quoting/fee-rules/fee-rule.entity';

export class CreateFeeRuleDto {
  @ApiProperty({ enum: FEE_RULE_TRANSACTION_TYPES, example: 'CROSS_BORDER_PAYOUT' })
  @IsIn(FEE_RULE_TRANSACTION_TYPES)
  transactionType: FeeRuleTransactionType;

  @ApiProperty({
    enum: FEE_TYPES,
    example: 'HYBRID',
    description: 'FIXED needs fixedFee, PERCENTAGE needs variableFeeRate, HYBRID needs both',
  })
  @IsIn(FEE_TYPES)
  feeType: FeeType;

  @ApiPropertyOptional(FIXED_FEE_PROPERTY)
  @IsFeeComponentOfBody('fixedFee')
  fixedFee?: number;

  @ApiPropertyOptional(VARIABLE_FEE_RATE_PROPERTY)
  @IsFeeComponentOfBody('variableFeeRate')
  variableFeeRate?: number;

  @ApiPropertyOptional({
    default: true,
    description: 'A disabled rule is kept but adds no fee to new quotes',
  })
  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;
}
