import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { formatTimestamp } from '@console/format/dates';
import { formatMoney, formatRate } from '@console/format/money';
import { Permitted, useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';
import { Facts } from '@console/ui/facts';
import { StatusBadge } from '@console/ui/status-badge';
import { ApprovalActions } from './approval-actions';
import { LedgerPostings } from './ledger-postings';
import { QuoteSummary } from './quote-summary';
import { TransactionHistory } from './transaction-history';
import { TransactionWebhooks } from './transaction-webhooks';

type Transaction = components['schemas']['TransactionView'];

/** A transaction still moving is followed, so its page shows it settle without a reload. */
const MOVING_REFRESH_MS = 2000;
const SETTLED = ['COMPLETED', 'FAILED', 'REJECTED', 'REFUNDED', 'EXPIRED'];

function amountOf(amount: Transaction['sentAmount']) {
  return amount ? formatMoney(amount.amount, amount.currency) : undefined;
}

function endpointOf(end: Transaction['source'] | Transaction['destination']) {
  if (!end) return undefined;
  return end.umaAddress ?? end.accountId;
}

export function TransactionPage() {
  const { api } = useSession();
  const transactionId = useParams().transactionId!;
  const transaction = useQuery({
    queryKey: ['transaction', transactionId],
    queryFn: () =>
      answer(api.GET('/2025-10-13/transactions/{transactionId}', { params: { path: { transactionId } } })),
    refetchInterval: (query) =>
      query.state.data && !SETTLED.includes(query.state.data.status) ? MOVING_REFRESH_MS : false,
  });
  const view = transaction.data;
  return (
    <section>
      <p>
        <Link to="/transactions">← Transactions</Link>
      </p>
      <h1>
        Transaction <code>{transactionId}</code> {view && <StatusBadge status={view.status} />}
      </h1>
      <ErrorNotice error={transaction.error} />
      {view && (
        <>
          <Facts
            items={[
              ['Status', view.status],
              ['Type', view.type],
              ['Customer', view.platformCustomerId ?? view.customerId],
              ['From', endpointOf(view.source)],
              ['To', endpointOf(view.destination)],
              ['Sent', amountOf(view.sentAmount)],
              ['Received', amountOf(view.receivedAmount)],
              ['Exchange rate', view.exchangeRate !== undefined ? formatRate(view.exchangeRate) : undefined],
              ['Reference', view.reconciliationInstructions?.reference],
              ['Description', view.description],
              [
                'Failure',
                view.failureReason &&
                  `${view.failureReason}${view.failureDetail ? `: ${view.failureDetail}` : ''}`,
              ],
              ['Created', formatTimestamp(view.createdAt)],
              ['Settled', view.settledAt && formatTimestamp(view.settledAt)],
            ]}
          />
          {view.type === 'INCOMING' && view.status === 'PENDING' && (
            <Permitted need="TRANSACT">
              <ApprovalActions transactionId={transactionId} />
            </Permitted>
          )}
          <TransactionHistory transactionId={transactionId} version={view.updatedAt} />
          {view.quoteId && <QuoteSummary quoteId={view.quoteId} transaction={view} />}
          <LedgerPostings transactionId={transactionId} version={view.updatedAt} />
          <TransactionWebhooks transactionId={transactionId} />
        </>
      )}
    </section>
  );
}
