import 'reflect-metadata';
import { Environment, PERMISSIONS } from '@payments/contracts';
import { dataSourceOptions } from '@payments/persistence';
import { CommonEnvironment, validateEnvironment } from '@payments/runtime';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { ApiToken } from '@gateway/auth/api-token.entity';
import { newApiToken } from '@gateway/auth/new-api-token';
import { GATEWAY_SCHEMA } from '@gateway/database';

/**
 * Issues a sandbox and a production token with every permission for a platform and prints their
 * credentials as one JSON line; `npm run bootstrap` calls it after the customers app's CLI has
 * created the platform. Secrets cannot be shown again, so every call issues new tokens.
 */
async function issueBootstrapTokens(): Promise<void> {
  const { values } = parseArgs({ options: { 'platform-id': { type: 'string' } } });
  const platformId = values['platform-id'];
  if (!platformId) throw new Error('usage: issue-bootstrap-tokens --platform-id <id>');
  const { DATABASE_URL } = validateEnvironment(CommonEnvironment);
  const dataSource = await new DataSource(dataSourceOptions(DATABASE_URL, GATEWAY_SCHEMA)).initialize();
  try {
    const credentials: Record<string, { clientId: string; clientSecret: string }> = {};
    for (const environment of [Environment.Sandbox, Environment.Production]) {
      const { token, clientSecret } = await newApiToken(platformId, environment, 'bootstrap', [
        ...PERMISSIONS,
      ]);
      await dataSource.getRepository(ApiToken).insert(token);
      credentials[environment.toLowerCase()] = { clientId: token.clientId, clientSecret };
    }
    console.log(JSON.stringify(credentials));
  } finally {
    await dataSource.destroy();
  }
}

issueBootstrapTokens().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
