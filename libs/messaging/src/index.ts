export * from './tokens';
export * from './kafka-client';
export * from './messaging.module';
export * from './outbox-relay';
export * from './kafka-event.server';
export { EventBatchPattern } from './event-routes';
export * from './start-service';
export * from './service-foundation';
