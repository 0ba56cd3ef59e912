import { DynamicModule } from '@nestjs/common';
import { DatabaseModule, SchemaOptions } from '@payments/persistence';
import { CommonEnvironment, RedisModule, RuntimeModule } from '@payments/runtime';
import { MessagingModule } from './messaging.module';
import { MessagingOptions } from './tokens';

export interface ServiceFoundationOptions extends MessagingOptions {
  app: string;
  environment: new () => CommonEnvironment;
  schema: SchemaOptions;
}

/**
 * The modules every app starts from: validated config, logs, metrics, health, its own schema with
 * outbox and inbox, Redis, and Kafka with the topics it produces and consumes.
 */
export function serviceFoundation(options: ServiceFoundationOptions): DynamicModule[] {
  return [
    RuntimeModule.forRoot({ app: options.app, environment: options.environment }),
    DatabaseModule.forRoot(options.schema),
    RedisModule as unknown as DynamicModule,
    MessagingModule.forRoot({ produces: options.produces, consumes: options.consumes }),
  ];
}
