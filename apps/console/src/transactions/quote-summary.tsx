import { useQuery } from '@tanstack/react-query';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { formatMoney, formatRate } from '@console/format/money';
import { useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';
import { Facts } from '@console/ui/facts';

type Transaction = components['schemas']['TransactionView'];

/** The quote the transaction was made from, with its fees split into the service's and the platform's. */
export function QuoteSummary({ quoteId, transaction }: { quoteId: string; transaction: Transaction }) {
  const { api } = useSession();
  const quote = useQuery({
    queryKey: ['quote', quoteId],
    queryFn: () => answer(api.GET('/2025-10-13/quotes/{quoteId}', { params: { path: { quoteId } } })),
  });
  const view = quote.data;
  const fees = transaction.rateDetails ?? view?.rateDetails;
  const sending = view?.sendingCurrency;
  const inSending = (amount: number | undefined) =>
    amount !== undefined && sending ? formatMoney(amount, sending) : undefined;
  return (
    <section aria-labelledby="quote">
      <h2 id="quote">Quote and fees</h2>
      <ErrorNotice error={quote.error} />
      {view && (
        <Facts
          items={[
            ['Quote', <code key="id">{view.quoteId}</code>],
            ['Quote status', view.status],
            ['Total sent', inSending(view.totalSendingAmount)],
            ['Total received', formatMoney(view.totalReceivingAmount, view.receivingCurrency)],
            ['Exchange rate', formatRate(view.exchangeRate)],
            ['Fees included', inSending(view.feesIncluded)],
            ['Service fixed fee', inSending(fees?.serviceApiFixedFee)],
            ['Service variable fee', inSending(fees?.serviceApiVariableFeeAmount)],
            ['Platform fixed fee', inSending(fees?.platformFixedFee)],
            ['Platform variable fee', inSending(fees?.platformVariableFeeAmount)],
            ['Expires', formatTimestamp(view.expiresAt)],
          ]}
        />
      )}
    </section>
  );
}
