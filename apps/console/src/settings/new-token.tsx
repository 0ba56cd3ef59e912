import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { answer } from '@console/api/client';
import type { components } from '@console/api/openapi';
import { holds, Permission, useSession } from '@console/session/session';
import { ErrorNotice } from '@console/ui/error-notice';

const PERMISSIONS: Permission[] = ['VIEW', 'TRANSACT', 'MANAGE'];
type IssuedToken = components['schemas']['IssuedTokenView'];

/**
 * Creates a token and shows its secret once: the API never shows it again, so the page keeps it
 * only until "I have stored it" is pressed. A token can grant only permissions its creator holds.
 */
export function NewToken() {
  const { api, token } = useSession();
  const queries = useQueryClient();
  const form = useForm<{ name: string; permissions: Permission[] }>({
    defaultValues: { name: '', permissions: ['VIEW'] },
  });
  const issue = useMutation({
    mutationFn: (body: { name: string; permissions: Permission[] }) =>
      answer(api.POST('/2025-10-13/tokens', { body })),
    onSuccess: () => {
      form.reset();
      return queries.invalidateQueries({ queryKey: ['tokens'] });
    },
  });
  const issued: IssuedToken | undefined = issue.data;
  return (
    <section aria-labelledby="new-token">
      <h2 id="new-token">New token</h2>
      <form className="inline-form" onSubmit={form.handleSubmit((body) => issue.mutate(body))}>
        <label>
          Token name
          <input {...form.register('name', { required: true, maxLength: 255 })} />
        </label>
        <fieldset>
          <legend>Permissions</legend>
          {PERMISSIONS.map((permission) => (
            <label key={permission} className="checkbox">
              <input
                type="checkbox"
                value={permission}
                disabled={!holds(token, permission)}
                {...form.register('permissions', { required: true })}
              />
              {permission}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={issue.isPending}>
          Create token
        </button>
      </form>
      <ErrorNotice error={issue.error} />
      {issued && (
        <div role="status" className="notice secret">
          <p>
            <strong>Store this secret now: it is shown only once.</strong>
          </p>
          <p>
            Client ID <code data-testid="new-client-id">{issued.clientId}</code>
          </p>
          <p>
            Client secret <code data-testid="new-client-secret">{issued.clientSecret}</code>
          </p>
          <button type="button" onClick={() => issue.reset()}>
            I have stored it
          </button>
        </div>
      )}
    </section>
  );
}
