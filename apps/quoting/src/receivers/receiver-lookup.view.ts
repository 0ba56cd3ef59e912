import { ApiProperty } from '@nestjs/swagger';
import { toApiId } from '@payments/contracts';
import { CurrencyView } from '@payments/http';
import { Currency, currencyOf } from '@payments/money';
import { ReceiverLookup } from '@quoting/receivers/receiver-lookup.store';
import { PayerDataField } from '@quoting/uma/uma-counterparty';

class ReceiverCurrencyView {
  @ApiProperty({ type: CurrencyView }) currency: Currency;
  @ApiProperty({ description: 'Receiving units per sending unit; an estimate, not a locked rate' })
  estimatedExchangeRate: number;
  @ApiProperty({ type: 'integer', description: 'Least amount received, smallest unit' }) min: number;
  @ApiProperty({ type: 'integer', description: 'Largest amount received, smallest unit' }) max: number;
}

class PayerDataFieldView implements PayerDataField {
  @ApiProperty({ example: 'FULL_NAME' }) name: string;
  @ApiProperty() mandatory: boolean;
}

export class ReceiverLookupView {
  @ApiProperty({ example: 'Lookup:019542f5-b3e7-1d02-0000-000000000009', description: 'For POST /quotes' })
  lookupId: string;
  @ApiProperty({ type: CurrencyView, description: 'The currency the estimates convert from' })
  sendingCurrency: Currency;
  @ApiProperty({ type: [ReceiverCurrencyView] }) supportedCurrencies: ReceiverCurrencyView[];
  @ApiProperty({ type: [PayerDataFieldView], description: 'What the quote must carry in senderCustomerInfo' })
  requiredPayerDataFields: PayerDataFieldView[];
}

export class UmaLookupView extends ReceiverLookupView {
  @ApiProperty({ example: '$receiver@sandbox.grid.uma.money' }) receiverUmaAddress: string;
}

export class ExternalAccountLookupView extends ReceiverLookupView {
  @ApiProperty({ example: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003' }) accountId: string;
}

/** The estimated rate of each currency, keyed by its code. */
export type EstimatedRates = Map<string, number>;

export function presentLookup(
  lookup: ReceiverLookup,
  sendingCurrency: string,
  rates: EstimatedRates,
): ReceiverLookupView {
  return {
    lookupId: toApiId('Lookup', lookup.id),
    sendingCurrency: currencyOf(sendingCurrency),
    supportedCurrencies: lookup.currencies.map(({ code, min, max }) => ({
      currency: currencyOf(code),
      estimatedExchangeRate: rates.get(code)!,
      min,
      max,
    })),
    requiredPayerDataFields: lookup.requiredPayerData,
  };
}
