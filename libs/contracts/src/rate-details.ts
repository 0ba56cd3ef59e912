/**
 * docs/openapi.json: the rate and fees of a transaction, as quoting prices them and transfers shows
 * them on the transaction (and in its events).
 */
export interface TransactionRateDetails {
  serviceApiMultiplier: number;
  serviceApiFixedFee: number;
  serviceApiVariableFeeRate: number;
  serviceApiVariableFeeAmount: number;
  platformFixedFee: number;
  platformVariableFeeRate: number;
  platformVariableFeeAmount: number;
}

/** A quote's rate details: the transaction's plus the counterparty's. */
export interface QuoteRateDetails extends TransactionRateDetails {
  counterpartyMultiplier: number;
  counterpartyFixedFee: number;
}

/**
 * The platform's fee on a same-currency transfer (its TRANSFER_IN or TRANSFER_OUT rule) with the
 * rate details the transaction shows: what quoting answers transfers for each transfer.
 */
export interface TransferFee {
  platformFee: number;
  rateDetails: TransactionRateDetails;
}
