export * from './config/environment';
export * from './context/request-context';
export * from './observability/metrics';
export * from './health/readiness';
export * from './redis/redis.module';
export * from './runtime.module';
export * from './bootstrap/http-app';
export * from './scheduling/wakeable-sleep';
