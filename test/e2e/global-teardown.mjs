// Stops the apps the global setup started and deletes this run's topics and consumer groups from
// the shared broker and its BullMQ keys from the shared Redis.
import { readFileSync } from 'node:fs';
import { deleteRedisKeys } from '../../scripts/lib/infra.mjs';
import { deleteRunResources } from '../../scripts/lib/kafka-run-resources.mjs';
import { E2E_DIR } from './global-setup.mjs';

export default async function globalTeardown() {
  await globalThis.__E2E_STACK__?.stop();
  const { kafkaBrokers, topicPrefix, redisUrl, bullmqPrefix } = JSON.parse(readFileSync(`${E2E_DIR}/stack.json`, 'utf8'));
  await deleteRedisKeys(redisUrl, `${bullmqPrefix}:*`);
  await deleteRunResources(topicPrefix, kafkaBrokers);
}
