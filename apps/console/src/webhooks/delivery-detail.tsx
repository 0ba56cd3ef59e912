import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { answer } from '@console/api/client';
import { formatTimestamp } from '@console/format/dates';
import { Permitted, useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';
import { Facts } from '@console/ui/facts';
import { StatusBadge } from '@console/ui/status-badge';
import { DeliveryAttempts } from './delivery-attempts';

/** While a webhook is still being sent its page follows it, so a redelivery's outcome shows by itself. */
const PENDING_REFRESH_MS = 1000;

/** One webhook: its state, every attempt, the body as sent, and redeliver for a MANAGE token. */
export function DeliveryDetail({
  webhookId,
  heading = 'h2',
}: {
  webhookId: string;
  heading?: 'h1' | 'h2' | 'h3';
}) {
  const { api } = useSession();
  const queries = useQueryClient();
  const delivery = useQuery({
    queryKey: ['delivery', webhookId],
    queryFn: () =>
      answer(api.GET('/2025-10-13/webhooks/deliveries/{webhookId}', { params: { path: { webhookId } } })),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PENDING_REFRESH_MS : false),
  });
  const redeliver = useMutation({
    mutationFn: () =>
      answer(
        api.POST('/2025-10-13/webhooks/deliveries/{webhookId}/redeliver', {
          params: { path: { webhookId } },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['delivery', webhookId] }),
  });
  const Heading = heading;
  const view = delivery.data;
  return (
    <article className="delivery" aria-label={`Webhook ${webhookId}`}>
      <Heading>
        Webhook <code>{webhookId}</code> {view && <StatusBadge status={view.status} />}
      </Heading>
      <ErrorNotice error={delivery.error} />
      {view && (
        <>
          <Facts
            items={[
              ['Type', view.type],
              [
                'Transaction status it carried',
                (view.body as { transaction?: { status?: string } }).transaction?.status,
              ],
              ['Status', view.status],
              ['Attempts', view.attempts],
              ['Last answer', view.lastStatusCode],
              ['Last attempt', view.lastAttemptAt && formatTimestamp(view.lastAttemptAt)],
              ['Next attempt', view.nextAttemptAt && formatTimestamp(view.nextAttemptAt)],
              ['Created', formatTimestamp(view.createdAt)],
              [
                'Transaction',
                view.transactionId && (
                  <Link to={`/transactions/${encodeURIComponent(view.transactionId)}`}>
                    {view.transactionId}
                  </Link>
                ),
              ],
            ]}
          />
          <DeliveryAttempts attempts={view.attemptLog ?? []} caption={`Attempts of ${view.type}`} />
          <Permitted need="MANAGE">
            <button
              type="button"
              onClick={() => redeliver.mutate()}
              disabled={redeliver.isPending || view.status === 'PENDING'}
            >
              Redeliver
            </button>
          </Permitted>
          <ErrorNotice error={redeliver.error} />
          <details>
            <summary>Body as sent</summary>
            <pre>{JSON.stringify(view.body, null, 2)}</pre>
          </details>
        </>
      )}
    </article>
  );
}
