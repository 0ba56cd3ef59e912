import { CommonEnvironment } from '@payments/runtime';
import type { KafkaConfig, SASLOptions } from 'kafkajs';

type KafkaSecuritySettings = Pick<
  CommonEnvironment,
  'KAFKA_SSL' | 'KAFKA_SASL_MECHANISM' | 'KAFKA_SASL_USERNAME' | 'KAFKA_SASL_PASSWORD'
>;

/** TLS and SASL of the Kafka client, from the environment (validated in CommonEnvironment). */
export function kafkaSecurity(environment: KafkaSecuritySettings): Pick<KafkaConfig, 'ssl' | 'sasl'> {
  const ssl = environment.KAFKA_SSL === 'true';
  if (!environment.KAFKA_SASL_MECHANISM) return { ssl };
  const sasl = {
    mechanism: environment.KAFKA_SASL_MECHANISM,
    username: environment.KAFKA_SASL_USERNAME,
    password: environment.KAFKA_SASL_PASSWORD,
  } as SASLOptions;
  return { ssl, sasl };
}
