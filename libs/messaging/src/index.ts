export * from './tokens';
export * from './kafka-client';
export * from './messaging.module';
export * from './outbox-relay';
export * from './kafka-event.server';
export * from './start-service';
export * from './service-foundation';
