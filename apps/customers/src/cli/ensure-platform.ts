import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import { dataSourceOptions, Outbox, OutboxMessage } from '@payments/persistence';
import { validateEnvironment } from '@payments/runtime';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { CustomersEnvironment } from '@customers/customers.environment';
import { CUSTOMERS_ENTITIES, CUSTOMERS_SCHEMA } from '@customers/database';
import { ensurePlatform } from '@customers/platforms/platform-provisioning';

const USAGE = 'Usage: node dist/apps/customers/src/cli/ensure-platform.js --platform NAME';
const MAX_NAME_LENGTH = 200;

/**
 * Creates a platform with its sandbox and production configuration unless one of that name exists,
 * and prints `{"platformId": "Platform:<uuid>"}` as the only line on stdout.
 */
async function main(): Promise<void> {
  const name = platformNameFrom(process.argv.slice(2));
  const environment = validateEnvironment(CustomersEnvironment);
  const dataSource = new DataSource(
    dataSourceOptions(environment.DATABASE_URL, {
      ...CUSTOMERS_SCHEMA,
      entities: [...CUSTOMERS_ENTITIES, OutboxMessage],
      poolSize: 1,
    }),
  );
  await dataSource.initialize();
  try {
    const outbox = new Outbox(new ConfigService(environment));
    const platformId = await ensurePlatform(dataSource, outbox, name, environment.UMA_PROXY_DOMAIN);
    process.stdout.write(`${JSON.stringify({ platformId })}\n`);
  } finally {
    await dataSource.destroy();
  }
}

function platformNameFrom(args: string[]): string {
  const { values } = parseArgs({ args, options: { platform: { type: 'string' } }, strict: true });
  const name = values.platform?.trim();
  if (!name || name.length > MAX_NAME_LENGTH)
    throw new Error(`--platform must be a name of 1 to ${MAX_NAME_LENGTH} characters\n${USAGE}`);
  return name;
}

main().catch((error: Error) => {
  console.error(JSON.stringify({ level: 'error', msg: `ensure-platform failed: ${error.message}` }));
  process.exitCode = 1;
});
