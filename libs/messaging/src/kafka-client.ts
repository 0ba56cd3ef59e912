import { Kafka, KafkaConfig, logLevel } from 'kafkajs';
import { Logger } from '@nestjs/common';
import { fixInstalledKafkajs } from './kafkajs-idle-timer';

const kafkaLogger = new Logger('kafkajs');
// Before any client connects, so that no connection starts kafkajs's idle timer.
fixInstalledKafkajs();

/** A kafkajs client, with the deployment's TLS and SASL settings, whose log lines go through the app's structured logger. */
export function createKafkaClient(
  clientId: string,
  brokers: string[],
  security: Pick<KafkaConfig, 'ssl' | 'sasl'> = {},
): Kafka {
  return new Kafka({
    clientId,
    brokers,
    ...security,
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
