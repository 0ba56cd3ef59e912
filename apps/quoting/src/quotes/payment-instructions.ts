import { PricedQuote } from '@quoting/pricing/pricer';
import { PaymentInstruction } from '@quoting/quotes/quote.entity';

/** Where a just-in-time payment is sent in sandbox; the reference code tells quotes apart. */
const SANDBOX_BANK = {
  accountNumber: '000123456789',
  routingNumber: '021000021',
  bankName: 'Grid Sandbox Bank',
};

/** Where the platform pays a just-in-time quote: a bank account for fiat, a Spark wallet for BTC. */
export function paymentInstructionsFor(
  currency: string,
  reference: string,
  priced: PricedQuote,
): PaymentInstruction[] {
  if (currency === 'BTC') {
    return [
      {
        accountType: 'SPARK_WALLET',
        address: `spark1sandbox${reference.toLowerCase().replace(/-/g, '')}`,
        invoice: `lnbcrt${priced.totalSendingAmount}n1sandbox${reference.toLowerCase().replace(/-/g, '')}`,
        instructionsNotes: `Pay exactly ${priced.totalSendingAmount} sats`,
      },
    ];
  }
  return [
    {
      accountType: 'US_ACCOUNT',
      ...SANDBOX_BANK,
      referenceCode: reference,
      instructionsNotes: `Include ${reference} in the transfer memo and send exactly ${priced.totalSendingAmount} minor units of ${currency}`,
    },
  ];
}
