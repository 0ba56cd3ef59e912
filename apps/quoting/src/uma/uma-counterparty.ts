import { PlatformScope } from '@payments/http';
import { UmaAddress } from '@quoting/uma/uma-address';

/**
 * Who pays: the platform (whose UMA domain and keys sign the protocol's requests) and the sender's
 * UMA address, when known (the sending customer's, or the one the lookup named).
 */
export interface UmaSender {
  platform: PlatformScope;
  umaAddress: string | null;
}

/** A field the receiving side needs about the payer (a user-info field name, docs/api.md "Configuration"). */
export interface PayerDataField {
  name: string;
  mandatory: boolean;
}

/** A currency the receiver takes, with the amounts it accepts in its smallest unit. */
export interface ReceivableCurrency {
  code: string;
  min: number;
  max: number;
}

/** What a lookup (LNURLP in the UMA protocol) learns about the receiver. */
export interface CounterpartyLookup {
  currencies: ReceivableCurrency[];
  requiredPayerData: PayerDataField[];
  /**
   * Whatever the pay request will need again (a real peer's callback URL and nonce, its keys),
   * stored with the lookup as JSON and handed back to `payRequest`.
   */
  state: Record<string, unknown>;
}

/** What the sender asks the receiver to be paid: the quote's receiving side and the payer's data. */
export interface PayRequest {
  receiver: UmaAddress;
  sender: UmaSender;
  currency: string;
  /** Smallest unit of `currency`. */
  amount: bigint;
  payerData: Record<string, unknown>;
  lookupState: Record<string, unknown>;
}

/**
 * A receiver on this deployment names the payment the pay request opened, and the UMA address the
 * sender paid as: the sender's payment ends as that one does, if it is the same payment (docs/uma.md).
 */
export type PayRequestOutcome =
  | { accepted: true; receiverTransactionId?: string; payerUmaAddress?: string }
  | { accepted: false; detail: string };

/**
 * The receiving side of a UMA payment. `lookup` throws ApiException LNURLP_REQUEST_FAILED when the
 * receiver cannot be looked up; `payRequest` answers a refusal as an outcome (the transaction then
 * fails with PAY_REQUEST_FAILED) and throws only when it cannot tell (the execution is retried).
 * UmaCounterparties picks the simulated sandbox receivers or a real peer (RemoteUmaCounterparty).
 */
export interface UmaCounterparty {
  lookup(receiver: UmaAddress, sender: UmaSender): Promise<CounterpartyLookup>;
  payRequest(request: PayRequest): Promise<PayRequestOutcome>;
}
