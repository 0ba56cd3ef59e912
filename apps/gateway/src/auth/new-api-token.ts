import { Environment, Permission } from '@payments/contracts';
import { randomUUID } from 'node:crypto';
import { ApiToken } from '@gateway/auth/api-token.entity';
import { hashSecret, newClientCredentials } from '@gateway/auth/secret-hasher';

/** A new token row with fresh credentials; the plain secret is returned once and never stored. */
export async function newApiToken(
  platformId: string,
  environment: Environment,
  name: string,
  permissions: Permission[],
): Promise<{ token: ApiToken; clientSecret: string }> {
  const { clientId, clientSecret } = newClientCredentials();
  const now = new Date();
  const token = Object.assign(new ApiToken(), {
    id: randomUUID(),
    platformId,
    environment,
    name,
    permissions,
    clientId,
    secretHash: await hashSecret(clientSecret),
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  return { token, clientSecret };
}
