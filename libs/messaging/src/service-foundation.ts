import { DynamicModule, Type } from '@nestjs/common';
import { DatabaseModule, RetentionModule, RetentionPolicies, SchemaOptions } from '@payments/persistence';
import { CommonEnvironment, RedisModule, RuntimeModule } from '@payments/runtime';
import { MessagingModule } from './messaging.module';
import { MessagingOptions } from './tokens';

export interface ServiceFoundationOptions extends MessagingOptions {
  app: string;
  environment: new () => CommonEnvironment;
  schema: SchemaOptions;
  /** The app's tables purged past their retention, besides its inbox (docs/operations.md#retention). */
  retention?: RetentionPolicies;
}

/**
 * The modules every app starts from: validated config, logs, metrics, health, its own schema with
 * outbox and inbox, the purge of what is past its retention, Redis, and Kafka with the topics it
 * produces and consumes.
 */
export function serviceFoundation(options: ServiceFoundationOptions): (DynamicModule | Type)[] {
  return [
    RuntimeModule.forRoot({ app: options.app, environment: options.environment }),
    DatabaseModule.forRoot(options.schema),
    RetentionModule.forRoot(options.retention),
    RedisModule,
    MessagingModule.forRoot({ produces: options.produces, consumes: options.consumes }),
  ];
}
