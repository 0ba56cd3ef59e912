import 'reflect-metadata';
import { PUBLIC_TOPICS, topicName, TRANSACTION_EVENTS } from '@payments/contracts';
import { createKafkaClient, replayEvents } from '@payments/messaging';
import { dataSourceOptions } from '@payments/persistence';
import { validateEnvironment } from '@payments/runtime';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { TransfersEnvironment } from '@transfers/transfers.environment';

const USAGE =
  'Usage: npm run events:replay -- --topic transfers.transaction-events.v1 --from ISO --to ISO [--platform Platform:<uuid>] [--target TOPIC]';
/** The public topics this app produces, and so keeps the events of. */
const REPLAYABLE = PUBLIC_TOPICS.filter((topic) => topic === TRANSACTION_EVENTS);

/**
 * Publishes again the events of a window of a public topic from the transfers app's own records
 * (docs/operations.md#replaying-events), by default to `<topic>.replay` so that live consumers are
 * not driven again; prints `{"topic", "target", "replayed"}` on stdout.
 */
async function main(): Promise<void> {
  const request = requestFrom(process.argv.slice(2));
  const environment = validateEnvironment(TransfersEnvironment);
  const dataSource = new DataSource(
    dataSourceOptions(environment.DATABASE_URL, { ...TRANSFERS_SCHEMA, entities: [], poolSize: 1 }),
  );
  await dataSource.initialize();
  try {
    const kafka = createKafkaClient('transfers-replay', environment);
    const target = topicName(
      environment.KAFKA_TOPIC_PREFIX,
      request.target ?? `${request.topic.name}.replay`,
    );
    const replayed = await replayEvents(dataSource, kafka, { ...request, target });
    process.stdout.write(`${JSON.stringify({ topic: request.topic.name, target, replayed })}\n`);
  } finally {
    await dataSource.destroy();
  }
}

function requestFrom(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      topic: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      platform: { type: 'string' },
      target: { type: 'string' },
    },
  });
  const topic = REPLAYABLE.find((contract) => contract.name === values.topic);
  if (!topic)
    throw new Error(`--topic must be one of ${REPLAYABLE.map(({ name }) => name).join(', ')}\n${USAGE}`);
  const from = instantOf('--from', values.from);
  const to = instantOf('--to', values.to);
  if (from >= to) throw new Error(`--from must come before --to\n${USAGE}`);
  if (values.platform !== undefined && !/^Platform:[0-9a-f-]{36}$/.test(values.platform))
    throw new Error(`--platform must be a platform id, Platform:<uuid>\n${USAGE}`);
  if (values.target !== undefined && !/^[A-Za-z0-9._-]{1,200}$/.test(values.target))
    throw new Error(`--target must be a Kafka topic name\n${USAGE}`);
  return { topic, from, to, platformId: values.platform, target: values.target };
}

function instantOf(option: string, value: string | undefined): Date {
  const instant = new Date(value ?? '');
  if (!value || Number.isNaN(instant.getTime()))
    throw new Error(`${option} must be an ISO 8601 instant\n${USAGE}`);
  return instant;
}

main().catch((error: Error) => {
  console.error(JSON.stringify({ level: 'error', msg: `events:replay failed: ${error.message}` }));
  process.exitCode = 1;
});
