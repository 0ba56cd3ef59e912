// Cleans up after a run that shared the broker (the e2e stack, a bench, the fault suite).
import kafkajs from 'kafkajs';
import { configuredBrokers } from './kafka.mjs';

/**
 * Deletes the topics and consumer groups of one run (the e2e stack, a bench) from the shared broker:
 * partitions left behind by earlier runs cost the broker CPU even while idle.
 */
export async function deleteRunResources(prefix, brokers = configuredBrokers()) {
  const admin = new kafkajs.Kafka({ brokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const { groups } = await admin.listGroups();
    const groupIds = groups.map(({ groupId }) => groupId).filter((groupId) => groupId.startsWith(prefix));
    if (groupIds.length) await admin.deleteGroups(groupIds).catch(() => undefined);
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
