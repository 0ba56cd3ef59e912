// Usage: node scripts/kafka.mjs start|stop|status|fetch  (see scripts/lib/kafka.mjs)
import { ensureKafka, fetchKafka, kafkaStatus, stopKafka } from './lib/kafka.mjs';

const commands = {
  start: () => ensureKafka(),
  stop: () => stopKafka(),
  fetch: () => fetchKafka(),
  status: async () => {
    const { running, pid, brokers } = await kafkaStatus();
    const owner = pid ? `pid ${pid}` : 'not started by this checkout';
    console.log(
      running
        ? `Kafka is running at ${brokers.join(',')} (${owner})`
        : `Kafka is not answering at ${brokers.join(',')}`,
    );
    // Non-zero when down, so shell scripts can test it.
    if (!running) process.exitCode = 1;
  },
};

const command = commands[process.argv[2]];
if (!command) {
  console.error(`Usage: node scripts/kafka.mjs ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
try {
  await command();
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
