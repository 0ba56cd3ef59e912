import { CommonEnvironment } from '@payments/runtime';
import type { KafkaConfig, SASLOptions } from 'kafkajs';
import { readKafkaCaBundle } from './kafka-ca-bundle';

export type KafkaSecuritySettings = Pick<
  CommonEnvironment,
  'KAFKA_SSL' | 'KAFKA_SSL_CA_FILE' | 'KAFKA_SASL_MECHANISM' | 'KAFKA_SASL_USERNAME' | 'KAFKA_SASL_PASSWORD'
>;

/**
 * TLS and SASL of the Kafka client, from the environment (validated in CommonEnvironment); reads
 * KAFKA_SSL_CA_FILE, so it is called once, when the app's client is built.
 */
export function kafkaSecurity(environment: KafkaSecuritySettings): Pick<KafkaConfig, 'ssl' | 'sasl'> {
  const ssl = tlsOptions(environment);
  if (!environment.KAFKA_SASL_MECHANISM) return { ssl };
  const sasl = {
    mechanism: environment.KAFKA_SASL_MECHANISM,
    username: environment.KAFKA_SASL_USERNAME,
    password: environment.KAFKA_SASL_PASSWORD,
  } as SASLOptions;
  return { ssl, sasl };
}

/** The CA file's certificates replace the system's, as a Kafka client's truststore does. */
function tlsOptions(environment: KafkaSecuritySettings): KafkaConfig['ssl'] {
  if (environment.KAFKA_SSL !== 'true') return false;
  if (!environment.KAFKA_SSL_CA_FILE) return true;
  return { ca: readKafkaCaBundle(environment.KAFKA_SSL_CA_FILE) };
}
