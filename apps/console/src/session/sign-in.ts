import { answer, createApiClient, Credentials } from '@console/api/client';
import { ApiError } from '@console/api/api-error';
import type { Session } from './session';

/**
 * Checks the credentials by finding their own token, which tells the console the permissions and
 * environment to show. Listing tokens needs VIEW, as every page of the console does.
 */
export async function signIn(credentials: Credentials, signOut: () => void): Promise<Session> {
  const api = createApiClient(credentials);
  const page = await answer(
    api.GET('/2025-10-13/tokens', { params: { query: { clientId: credentials.clientId, limit: 1 } } }),
  );
  const token = page.data.find((candidate) => candidate.clientId === credentials.clientId);
  if (!token) throw new ApiError(401, 'UNAUTHORIZED', 'This token no longer exists', undefined);
  return { api, token, signOut };
}
