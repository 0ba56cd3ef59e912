import { useQuery } from '@tanstack/react-query';
import { answer } from '@console/api/client';
import { useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';
import { DeliveryDetail } from '@console/webhooks/delivery-detail';

/** The webhooks a transaction's state changes sent, oldest first, each with its attempts. */
export function TransactionWebhooks({ transactionId }: { transactionId: string }) {
  const { api } = useSession();
  const deliveries = useQuery({
    queryKey: ['deliveries', { transactionId }],
    queryFn: () =>
      answer(
        api.GET('/2025-10-13/webhooks/deliveries', { params: { query: { transactionId, limit: 100 } } }),
      ),
  });
  const oldestFirst = [...(deliveries.data?.data ?? [])].reverse();
  return (
    <section aria-labelledby="transaction-webhooks">
      <h2 id="transaction-webhooks">Webhooks</h2>
      <ErrorNotice error={deliveries.error} />
      {deliveries.data && oldestFirst.length === 0 && <p>No webhook sent for this transaction yet.</p>}
      {oldestFirst.map((delivery) => (
        <DeliveryDetail key={delivery.id} webhookId={delivery.id} heading="h3" />
      ))}
    </section>
  );
}
