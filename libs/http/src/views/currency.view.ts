import { ApiProperty } from '@nestjs/swagger';
import { Currency } from '@payments/money';

/** The currency object (docs/api.md#identifiers-amounts-and-times), for the OpenAPI document. */
export class CurrencyView implements Currency {
  @ApiProperty({ example: 'USD' }) code: string;
  @ApiProperty({ example: 'United States Dollar' }) name: string;
  @ApiProperty({ example: '$' }) symbol: string;
  @ApiProperty({ example: 2 }) decimals: number;
}
