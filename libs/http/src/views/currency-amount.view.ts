import { ApiProperty } from '@nestjs/swagger';
import { Currency } from '@payments/money';
import { CurrencyView } from './currency.view';

/** Money in a response, `{amount, currency}` (docs/api.md#identifiers-amounts-and-times), for the OpenAPI document. */
export class CurrencyAmountView {
  @ApiProperty({ type: 'integer', description: 'Smallest unit of the currency', example: 12550 })
  amount: number;
  @ApiProperty({ type: CurrencyView }) currency: Currency;
}
