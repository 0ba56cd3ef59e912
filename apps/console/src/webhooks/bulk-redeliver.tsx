import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answer } from '@console/api/client';
import { useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';
import { DeliveryFilters, redeliverFilter } from './delivery-filters';

/** The API queues at most this many a call (RedeliveryCountView). */
const MOST_PER_CALL = 10_000;

/** Redeliver every webhook the filters match, after a confirmation that says how many that is. */
export function BulkRedeliver({
  filters,
  matching,
}: {
  filters: DeliveryFilters;
  matching: number | undefined;
}) {
  const { api } = useSession();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const plan = redeliverFilter(filters);
  const redeliver = useMutation({
    mutationFn: () =>
      answer(
        api.POST('/2025-10-13/webhooks/deliveries/redeliver', { body: 'filter' in plan ? plan.filter : {} }),
      ),
    onSuccess: () => {
      setConfirming(false);
      return queries.invalidateQueries({ queryKey: ['deliveries'] });
    },
  });
  if ('refusal' in plan) return <p className="hint">{plan.refusal}</p>;
  return (
    <div className="bulk">
      {!confirming ? (
        <button type="button" className="secondary" onClick={() => setConfirming(true)} disabled={!matching}>
          Redeliver all matching…
        </button>
      ) : (
        <div role="group" aria-label="Confirm bulk redelivery" className="confirm">
          <span>
            Send {matching} {filters.status} webhook{matching === 1 ? '' : 's'} again
            {matching !== undefined && matching > MOST_PER_CALL ? ` (the first ${MOST_PER_CALL} now)` : ''}?
          </span>
          <button type="button" onClick={() => redeliver.mutate()} disabled={redeliver.isPending}>
            Confirm redelivery of {matching}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {redeliver.data && (
        <p role="status" className="notice">
          {redeliver.data.count} webhook{redeliver.data.count === 1 ? '' : 's'} queued to be sent again.
        </p>
      )}
      <ErrorNotice error={redeliver.error} />
    </div>
  );
}
