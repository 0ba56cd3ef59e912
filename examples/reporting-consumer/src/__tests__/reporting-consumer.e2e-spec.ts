import {
  ApiClient,
  e2eStack,
  eventually,
  fund,
  newCustomer,
  newPlatformClients,
  settled,
} from '@payments/testing';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { Pool } from 'pg';
import { ReportingConsumer } from '../reporting-consumer';

const run = promisify(execFile);
const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * The example reporting consumer on the live topic, then the same consumer rebuilt from nothing by
 * `npm run events:replay` (the transfers app's own records): both read models must be equal.
 */
describe('example reporting consumer and replay from history', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const kafka = new Kafka({ brokers: stack.kafkaBrokers, logLevel: logLevel.NOTHING });
  const pool = new Pool({ connectionString: stack.databaseUrl, max: 4 });
  const runId = randomBytes(4).toString('hex');
  const consumers: ReportingConsumer[] = [];

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await pool.query(
      `DROP SCHEMA IF EXISTS live_${runId} CASCADE; DROP SCHEMA IF EXISTS replayed_${runId} CASCADE`,
    );
    await pool.end();
  });

  async function startConsumer(topic: string, schema: string): Promise<void> {
    const consumer = new ReportingConsumer(kafka, pool, {
      topic,
      schema,
      groupId: `${stack.topicPrefix}${schema}`,
    });
    consumers.push(consumer);
    await consumer.start();
  }

  const readModelOf = async (schema: string, platformId: string) => ({
    volume: (
      await pool.query(
        `SELECT environment, day::text, currency, amount::text, transactions::text FROM ${schema}.daily_volume
          WHERE platform_id = $1 ORDER BY 1, 2, 3`,
        [platformId],
      )
    ).rows,
    statuses: (
      await pool.query(
        `SELECT environment, day::text, status, count::text FROM ${schema}.daily_status_counts
          WHERE platform_id = $1 ORDER BY 1, 2, 3`,
        [platformId],
      )
    ).rows,
  });

  it('rebuilds the live read model of a platform from a replay of its window', async () => {
    const from = new Date(Date.now() - 1_000);
    const { platformId, sandbox } = newPlatformClients(api);
    const { internalAccountId } = await newCustomer(sandbox, 'reporting');
    const deposits = [
      await fund(sandbox, internalAccountId, 1_250),
      await fund(sandbox, internalAccountId, 4_000),
    ];
    for (const deposit of deposits) await settled(sandbox, deposit.id);

    await startConsumer(`${stack.topicPrefix}transfers.transaction-events.v1`, `live_${runId}`);
    const live = await eventually(
      async () => {
        const model = await readModelOf(`live_${runId}`, platformId);
        return model.volume[0]?.transactions === '2' ? model : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(live.volume).toEqual([
      expect.objectContaining({ currency: 'USD', amount: '5250', transactions: '2' }),
    ]);
    expect(live.statuses).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'COMPLETED', count: '2' })]),
    );

    const target = `replay-${runId}`;
    const { stdout } = await run(
      process.execPath,
      [
        join(REPO_ROOT, 'dist', 'apps', 'transfers', 'src', 'cli', 'replay-events.js'),
        ...['--topic', 'transfers.transaction-events.v1', '--from', from.toISOString()],
        ...['--to', new Date().toISOString(), '--platform', platformId, '--target', target],
      ],
      { env: { ...process.env, ...stack.environment, DATABASE_URL: stack.databaseUrl } },
    );
    const answer = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(answer.replayed).toBeGreaterThanOrEqual(4);

    await startConsumer(answer.target, `replayed_${runId}`);
    const replayed = await eventually(
      async () => {
        const model = await readModelOf(`replayed_${runId}`, platformId);
        return JSON.stringify(model) === JSON.stringify(live) ? model : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(replayed).toEqual(live);
  });
});
