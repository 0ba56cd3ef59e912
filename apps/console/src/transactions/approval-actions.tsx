import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { answer } from '@console/api/client';
import { useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';

interface RequestedField {
  name: string;
  mandatory: boolean;
}

/** What the sender asked to know of the recipient, as the INCOMING_PAYMENT webhook said it. */
function useRequestedFields(transactionId: string): RequestedField[] {
  const { api } = useSession();
  const requested = useQuery({
    queryKey: ['requested-fields', transactionId],
    queryFn: async () => {
      const deliveries = await answer(
        api.GET('/2025-10-13/webhooks/deliveries', {
          params: { query: { transactionId, type: 'INCOMING_PAYMENT', limit: 1 } },
        }),
      );
      const [delivery] = deliveries.data;
      if (!delivery) return [];
      const detail = await answer(
        api.GET('/2025-10-13/webhooks/deliveries/{webhookId}', {
          params: { path: { webhookId: delivery.id } },
        }),
      );
      const fields = (detail.body as { requestedReceiverCustomerInfoFields?: RequestedField[] })
        .requestedReceiverCustomerInfoFields;
      return Array.isArray(fields) ? fields : [];
    },
  });
  return requested.data ?? [];
}

/** Approve (with the recipient's details the sender asked for) or reject a payment still waiting. */
export function ApprovalActions({ transactionId }: { transactionId: string }) {
  const { api } = useSession();
  const queries = useQueryClient();
  const fields = useRequestedFields(transactionId);
  const approval = useForm<Record<string, string>>();
  const rejection = useForm<{ reason: string }>();
  const path = { params: { path: { transactionId } } };
  const decided = () => queries.invalidateQueries({ queryKey: ['transaction', transactionId] });
  const approve = useMutation({
    mutationFn: (values: Record<string, string>) => {
      const receiverCustomerInfo = Object.fromEntries(
        Object.entries(values).filter(([, value]) => value.trim() !== ''),
      );
      return answer(
        api.POST('/2025-10-13/transactions/{transactionId}/approve', {
          ...path,
          body: { receiverCustomerInfo },
        }),
      );
    },
    onSuccess: decided,
  });
  const reject = useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      answer(
        api.POST('/2025-10-13/transactions/{transactionId}/reject', {
          ...path,
          body: reason.trim() ? { reason: reason.trim() } : {},
        }),
      ),
    onSuccess: decided,
  });
  const busy = approve.isPending || reject.isPending;
  return (
    <section aria-labelledby="approval" className="approval">
      <h2 id="approval">Awaiting your approval</h2>
      <form onSubmit={approval.handleSubmit((values) => approve.mutate(values))}>
        {fields.map((field) => (
          <label key={field.name}>
            {field.name}
            {field.mandatory ? ' (required)' : ''}
            <input {...approval.register(field.name)} required={field.mandatory} />
          </label>
        ))}
        <button type="submit" disabled={busy}>
          Approve payment
        </button>
      </form>
      <ErrorNotice error={approve.error} />
      <form onSubmit={rejection.handleSubmit((values) => reject.mutate(values))}>
        <label>
          Reason for rejecting (optional)
          <input {...rejection.register('reason')} />
        </label>
        <button type="submit" className="danger" disabled={busy}>
          Reject payment
        </button>
      </form>
      <ErrorNotice error={reject.error} />
    </section>
  );
}
