import { ApiProperty } from '@nestjs/swagger';
import { IsMinorUnits } from '@payments/http';

/** docs/api.md#limits: a sandbox funding is at most 100,000,000,000 minor units. */
export const MAX_SANDBOX_FUNDING = 100_000_000_000;

export class FundAccountDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SANDBOX_FUNDING,
    description: 'Smallest unit of the account currency',
  })
  @IsMinorUnits(1, MAX_SANDBOX_FUNDING)
  amount: number;
}
