export * from './stack';
export * from './api-client';
export * from './eventually';
export * from './kafka-test-consumer';
export * from './webhook-receiver';
export * from './app-replica';
export * from './platform-with-endpoint';
export * from './test-database';
