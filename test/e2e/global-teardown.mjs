// Stops the apps the global setup started and deletes this run's topics from the shared broker and
// its BullMQ keys from the shared Redis.
import Redis from 'ioredis';
import kafkajs from 'kafkajs';
import { readFileSync } from 'node:fs';
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

async function deleteRedisKeys(redisUrl, pattern) {
  const redis = new Redis(redisUrl);
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 1000 })) {
      if (keys.length) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
