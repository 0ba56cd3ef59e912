import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { Credentials } from '@console/api/client';
import { ErrorNotice } from '@console/ui/error-notice';
import type { Session } from './session';
import { signIn } from './sign-in';

/** The token's clientId and secret, held by this tab only; they pick the platform and environment. */
export function SignInPage({
  onSignedIn,
  onSignOut,
}: {
  onSignedIn(session: Session): void;
  onSignOut(): void;
}) {
  const { register, handleSubmit, formState } = useForm<Credentials>();
  const attempt = useMutation({
    mutationFn: (credentials: Credentials) => signIn(credentials, onSignOut),
    onSuccess: onSignedIn,
  });
  return (
    <main className="sign-in">
      <h1>Payments console</h1>
      <p>
        Sign in with an API token of your platform. It is kept in this tab only: closing or reloading it signs
        you out.
      </p>
      <form onSubmit={handleSubmit((credentials) => attempt.mutate(credentials))} autoComplete="off">
        <label>
          Client ID
          <input {...register('clientId', { required: 'Enter the client ID' })} spellCheck={false} />
        </label>
        {formState.errors.clientId && <p className="field-error">{formState.errors.clientId.message}</p>}
        <label>
          Client secret
          <input type="password" {...register('clientSecret', { required: 'Enter the client secret' })} />
        </label>
        {formState.errors.clientSecret && (
          <p className="field-error">{formState.errors.clientSecret.message}</p>
        )}
        <button type="submit" disabled={attempt.isPending}>
          {attempt.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <ErrorNotice error={attempt.error} />
    </main>
  );
}
