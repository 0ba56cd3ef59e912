import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { answer } from '@console/api/client';
import { Permitted, useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';

/** Where the platform's webhooks go: change it, and send a TEST webhook to see the endpoint answer. */
export function WebhookEndpoint({ current }: { current: string | undefined }) {
  const { api } = useSession();
  const queries = useQueryClient();
  const form = useForm<{ webhookEndpoint: string }>({ values: { webhookEndpoint: current ?? '' } });
  const save = useMutation({
    mutationFn: ({ webhookEndpoint }: { webhookEndpoint: string }) =>
      answer(api.PATCH('/2025-10-13/config', { body: { webhookEndpoint: webhookEndpoint.trim() || null } })),
    onSuccess: (config) => queries.setQueryData(['config'], config),
  });
  const test = useMutation({ mutationFn: () => answer(api.POST('/2025-10-13/webhooks/test')) });
  return (
    <section aria-labelledby="webhook-endpoint">
      <h2 id="webhook-endpoint">Webhook endpoint</h2>
      <p>{current ? <code>{current}</code> : 'None: webhooks wait until an endpoint is set.'}</p>
      <Permitted need="MANAGE">
        <form className="inline-form" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <label>
            Endpoint URL (empty removes it)
            <input
              type="url"
              size={48}
              {...form.register('webhookEndpoint')}
              placeholder="https://platform.example.com/webhooks"
            />
          </label>
          <button type="submit" disabled={save.isPending}>
            Save endpoint
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => test.mutate()}
            disabled={test.isPending || !current}
          >
            Send test webhook
          </button>
        </form>
        {save.isSuccess && (
          <p role="status" className="notice">
            Saved.
          </p>
        )}
        <ErrorNotice error={save.error} />
        {test.data && (
          <p role="status" className="notice">
            The endpoint answered {test.data.response_status} in {test.data.latency_ms} ms.
          </p>
        )}
        <ErrorNotice error={test.error} />
      </Permitted>
    </section>
  );
}
