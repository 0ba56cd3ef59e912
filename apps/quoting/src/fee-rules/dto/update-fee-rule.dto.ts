import { ApiHideProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@payments/http';
import { IsBoolean, ValidateBy } from 'class-validator';
import {
  FIXED_FEE_PROPERTY,
  IsFeeComponent,
  VARIABLE_FEE_RATE_PROPERTY,
} from '@quoting/fee-rules/fee-components';

/** Named so that a client trying to change it learns what to do instead of "should not exist". */
const IsImmutable = () =>
  ValidateBy({
    name: 'isImmutable',
    validator: {
      validate: (value) => value === undefined,
      defaultMessage: () => 'cannot be changed; delete the rule and create a new one',
    },
  });

/** Fields left out keep their value; the rule's fee type must charge every component given. */
export class UpdateFeeRuleDto {
  @ApiPropertyOptional(FIXED_FEE_PROPERTY)
  @IsFeeComponent('fixedFee')
  fixedFee?: number;

  @ApiPropertyOptional(VARIABLE_FEE_RATE_PROPERTY)
  @IsFeeComponent('variableFeeRate')
  variableFeeRate?: number;

  @ApiPropertyOptional({ description: 'false keeps the rule but stops it adding a fee to new quotes' })
  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;

  @ApiHideProperty()
  @IsImmutable()
  transactionType?: never;

  @ApiHideProperty()
  @IsImmutable()
  feeType?: never;
}
