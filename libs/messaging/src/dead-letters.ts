import { LoggerService } from '@nestjs/common';
import { EVENT_HEADERS, TopicContract, topicName } from '@payments/contracts';
import { EachMessagePayload, Kafka, Partitioners, Producer } from 'kafkajs';

/**
 * Parks the messages a consumer gives up on in their topic's dead-letter topic, as they came (key,
 * value, headers), with why and where from: nothing is dropped silently, and an operator can replay them.
 */
export class DeadLetters {
  private readonly producer: Producer;

  constructor(
    kafka: Kafka,
    private readonly prefix: string,
    private readonly app: string,
    private readonly logger: LoggerService,
  ) {
    this.producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  }

  async connect(): Promise<void> {
    await this.producer.connect();
  }

  async disconnect(): Promise<void> {
    await this.producer.disconnect();
  }

  async park(
    contract: TopicContract,
    { topic, partition, message }: EachMessagePayload,
    error: unknown,
  ): Promise<void> {
    this.logger.error(
      { err: error, topic, partition, offset: message.offset },
      'event moved to dead-letter topic',
    );
    await this.producer.send({
      topic: topicName(this.prefix, contract.deadLetterName),
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            [EVENT_HEADERS.failure]: `${this.app}: ${(error as Error)?.message ?? String(error)}`.slice(
              0,
              1000,
            ),
            'x-original-partition': String(partition),
            'x-original-offset': message.offset,
          },
        },
      ],
    });
  }
}
