import { Kafka, logLevel } from 'kafkajs';
import { Logger } from '@nestjs/common';

const kafkaLogger = new Logger('kafkajs');

/** A kafkajs client whose log lines go through the app's structured logger. */
export function createKafkaClient(clientId: string, brokers: string[]): Kafka {
  return new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3_000,
    retry: { initialRetryTime: 200, retries: 8 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log }) => {
        const { message, ...extra } = log;
        if (level <= logLevel.ERROR) kafkaLogger.error({ ...extra }, message);
        else kafkaLogger.warn({ ...extra }, message);
      },
  });
}
