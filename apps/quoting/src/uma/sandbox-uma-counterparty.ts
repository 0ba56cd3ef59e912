import { ApiException } from '@payments/http';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { UmaAddress } from '@quoting/uma/uma-address';
import {
  CounterpartyLookup,
  PayerDataField,
  PayRequest,
  PayRequestOutcome,
  ReceivableCurrency,
  UmaCounterparty,
} from '@quoting/uma/uma-counterparty';

/** What a sandbox receiver accepts in each currency, in its smallest unit. */
const SANDBOX_MIN_AMOUNT = 1;
const SANDBOX_MAX_AMOUNT = 1_000_000_000_000;

/** The payer data every sandbox receiver asks for, as a regulated receiving institution would. */
export const SANDBOX_PAYER_DATA: PayerDataField[] = [
  { name: 'FULL_NAME', mandatory: true },
  { name: 'BIRTH_DATE', mandatory: true },
  { name: 'NATIONALITY', mandatory: false },
];

const SUCCESS_USER = /^success\.([a-z]{3})$/;

/**
 * The receivers at SANDBOX_UMA_DOMAIN (docs/api.md#sandbox), simulated in-process: `$success.<currency>`
 * receives that currency, `$fail.lnurlp` fails the lookup, `$fail.payreq` is found (in every
 * currency) and refuses the pay request. Any other user there does not exist, which fails the lookup.
 */
export class SandboxUmaCounterparty implements UmaCounterparty {
  async lookup(receiver: UmaAddress): Promise<CounterpartyLookup> {
    const currencyCode = SUCCESS_USER.exec(receiver.user)?.[1].toUpperCase();
    if (currencyCode && SUPPORTED_CURRENCY_CODES.includes(currencyCode)) {
      return { currencies: [receivable(currencyCode)], requiredPayerData: SANDBOX_PAYER_DATA, state: {} };
    }
    if (receiver.user === 'fail.payreq') {
      return {
        currencies: SUPPORTED_CURRENCY_CODES.map(receivable),
        requiredPayerData: SANDBOX_PAYER_DATA,
        state: {},
      };
    }
    const [why, remedy] =
      receiver.user === 'fail.lnurlp'
        ? [
            'the sandbox receiver failed the lookup, as $fail.lnurlp always does',
            'look up $success.<currency> for a lookup that succeeds',
          ]
        : [
            `the sandbox has no receiver ${receiver.address}`,
            'use $success.<currency>, $fail.lnurlp or $fail.payreq',
          ];
    throw new ApiException(
      'LNURLP_REQUEST_FAILED',
      `Lookup of ${receiver.address} failed (${why}): ${remedy}`,
    );
  }

  async payRequest(request: PayRequest): Promise<PayRequestOutcome> {
    if (request.receiver.user === 'fail.payreq') {
      return {
        accepted: false,
        detail:
          'The sandbox receiver refused the pay request, as $fail.payreq always does: pay $success.<currency> for a payment that completes',
      };
    }
    return { accepted: true };
  }
}

function receivable(code: string): ReceivableCurrency {
  return { code, min: SANDBOX_MIN_AMOUNT, max: SANDBOX_MAX_AMOUNT };
}
