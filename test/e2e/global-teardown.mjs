// Stops the apps the global setup started, checks every event the run published on the public
// topics against docs/asyncapi.yaml (a failure fails the run), and deletes this run's topics and
// consumer groups from the shared broker and its BullMQ keys from the shared Redis.
import { readFileSync } from 'node:fs';
import { deleteRedisKeys } from '../../scripts/lib/infra.mjs';
import { deleteRunResources } from '../../scripts/lib/kafka-run-resources.mjs';
import { E2E_DIR } from './global-setup.mjs';
import { checkPublicEvents } from './public-events-check.mjs';

export default async function globalTeardown() {
  await globalThis.__E2E_STACK__?.stop();
  const { kafkaBrokers, topicPrefix, redisUrl, bullmqPrefix } = JSON.parse(
    readFileSync(`${E2E_DIR}/stack.json`, 'utf8'),
  );
  try {
    const checked = await checkPublicEvents(topicPrefix, kafkaBrokers);
    console.log(`[e2e] ${checked} events on the public topics conform to docs/asyncapi.yaml`);
  } finally {
    await deleteRedisKeys(redisUrl, `${bullmqPrefix}:*`);
    await deleteRunResources(topicPrefix, kafkaBrokers);
  }
}
