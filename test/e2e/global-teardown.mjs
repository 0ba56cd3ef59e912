// Stops the apps the global setup started and deletes this run's topics from the shared broker and
// its BullMQ keys from the shared Redis.
import kafkajs from 'kafkajs';
import { readFileSync } from 'node:fs';
import { deleteRedisKeys } from '../../scripts/lib/infra.mjs';
import { E2E_DIR } from './global-setup.mjs';

export default async function globalTeardown() {
  await globalThis.__E2E_STACK__?.stop();
  const { kafkaBrokers, topicPrefix, redisUrl, bullmqPrefix } = JSON.parse(readFileSync(`${E2E_DIR}/stack.json`, 'utf8'));
  await deleteRedisKeys(redisUrl, `${bullmqPrefix}:*`);
  const admin = new kafkajs.Kafka({ brokers: kafkaBrokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
    if (topics.length) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

