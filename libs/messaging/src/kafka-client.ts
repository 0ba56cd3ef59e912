import { Kafka, logLevel } from 'kafkajs';
import { Logger } from '@nestjs/common';
import { CommonEnvironment } from '@payments/runtime';
import { fixInstalledKafkajs } from './kafkajs-idle-timer';
import { kafkaSecurity, KafkaSecuritySettings } from './kafka-security';

/** What a Kafka client is built from: the brokers, and their TLS and SASL settings. */
export type KafkaClientSettings = Pick<CommonEnvironment, 'KAFKA_BROKERS'> & KafkaSecuritySettings;

const kafkaLogger = new Logger('kafkajs');
// Before any client connects, so that no connection starts kafkajs's idle timer.
fixInstalledKafkajs();

/**
 * The one builder of the apps' and their tools' kafkajs clients: the deployment's brokers, TLS and
 * SASL settings, log lines through the app's structured logger.
 */
export function createKafkaClient(clientId: string, settings: KafkaClientSettings): Kafka {
  return new Kafka({
    clientId,
    brokers: settings.KAFKA_BROKERS.split(','),
    ...kafkaSecurity(settings),
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
