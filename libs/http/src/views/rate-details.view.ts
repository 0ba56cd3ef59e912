import { ApiProperty } from '@nestjs/swagger';
import { QuoteRateDetails, TransactionRateDetails } from '@payments/contracts';

/** The rate and fees of a transaction, as transfers shows them, for the OpenAPI document. */
export class RateDetailsView implements TransactionRateDetails {
  @ApiProperty({ description: 'Receiving units per sending unit the service converts at' })
  serviceApiMultiplier: number;
  @ApiProperty({ type: 'integer' }) serviceApiFixedFee: number;
  @ApiProperty() serviceApiVariableFeeRate: number;
  @ApiProperty({ type: 'integer' }) serviceApiVariableFeeAmount: number;
  @ApiProperty({ type: 'integer' }) platformFixedFee: number;
  @ApiProperty() platformVariableFeeRate: number;
  @ApiProperty({ type: 'integer' }) platformVariableFeeAmount: number;
}

/**
 * A quote's rate details: the transaction's plus the counterparty's. A name of its own, since the
 * document keys schemas by class name (quoting's and transfers' classes of one name overwrote each other).
 */
export class QuoteRateDetailsView extends RateDetailsView implements QuoteRateDetails {
  @ApiProperty() counterpartyMultiplier: number;
  @ApiProperty({ type: 'integer' }) counterpartyFixedFee: number;
}
