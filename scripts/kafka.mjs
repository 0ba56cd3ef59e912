// Usage: node scripts/kafka.mjs start|stop|status|fetch  (see scripts/lib/kafka.mjs and kafka-stop.mjs);
// KAFKA_BROKERS and KAFKA_CONTROLLER_PORT pick the broker (default 127.0.0.1:9092 and 9093).
import { brokerProcess, stopKafka } from './lib/kafka-stop.mjs';
import { fetchKafka } from './lib/kafka-fetch.mjs';
import { ensureKafka, kafkaStatus } from './lib/kafka.mjs';

const commands = {
  start: () => ensureKafka(),
  stop: () => stopKafka(),
  fetch: () => fetchKafka(),
  status: async () => {
    const { running, brokers } = await kafkaStatus();
    console.log(
      running
        ? `Kafka is running at ${brokers.join(',')} (${brokerProcess()})`
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
