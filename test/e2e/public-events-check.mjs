// Reads every message the e2e run published on the public topics and checks each against
// docs/asyncapi.yaml, so that the contract reporting consumers build on is what the apps produce.
import { readFileSync } from 'node:fs';
import kafkajs from 'kafkajs';
import { parse } from 'yaml';
import { ROOT } from '../../scripts/lib/apps.mjs';
import { messageValidator } from '../../scripts/lib/asyncapi.mjs';

const READ_TIMEOUT_MS = 120_000;
const EXAMPLES = 5;

/** Resolves with the number of messages checked; rejects naming the first invalid ones. */
export async function checkPublicEvents(topicPrefix, brokers) {
  const document = parse(readFileSync(`${ROOT}/docs/asyncapi.yaml`, 'utf8'));
  const validate = messageValidator(document);
  const kafka = new kafkajs.Kafka({ brokers, logLevel: kafkajs.logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map();
  try {
    const existing = new Set(await admin.listTopics());
    for (const { title } of Object.values(document.channels)) {
      const topic = `${topicPrefix}${title}`;
      if (!existing.has(topic)) continue;
      for (const { partition, high } of await admin.fetchTopicOffsets(topic)) {
        if (Number(high) > 0) ends.set(`${topic}/${partition}`, { title, high: Number(high) });
      }
    }
  } finally {
    await admin.disconnect();
  }
  if (ends.size === 0) return 0;
  const consumer = kafka.consumer({ groupId: `${topicPrefix}contract-check` });
  const invalid = [];
  let checked = 0;
  await consumer.connect();
  try {
    const topics = [...new Set([...ends.keys()].map((key) => key.slice(0, key.lastIndexOf('/'))))];
    await consumer.subscribe({ topics, fromBeginning: true });
    await /** @type {Promise<void>} */ (
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`public events not all read in ${READ_TIMEOUT_MS} ms`)),
          READ_TIMEOUT_MS,
        );
        consumer
          .run({
            eachMessage: async ({ topic, partition, message }) => {
              const key = `${topic}/${partition}`;
              const end = ends.get(key);
              if (!end) return;
              checked += 1;
              const reasons = validate(end.title, message.value?.toString() ?? '');
              if (reasons.length && invalid.length < EXAMPLES)
                invalid.push(`${key}@${message.offset}: ${reasons.join('; ')}`);
              if (Number(message.offset) + 1 >= end.high) ends.delete(key);
              if (ends.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
      })
    );
  } finally {
    await consumer.disconnect();
  }
  if (invalid.length) throw new Error(`events that break docs/asyncapi.yaml:\n${invalid.join('\n')}`);
  return checked;
}
