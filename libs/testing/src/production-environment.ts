/**
 * What a production deployment gives every app (deploy/k8s/configmap.yaml and the Secret): the
 * infrastructure's and the other apps' addresses, none of them this machine, and the callers'
 * secret. Specs of production-only rules start from it and add or remove what they test.
 */
export const PRODUCTION_ENVIRONMENT: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://payments@db.internal:5432/payments',
  REDIS_URL: 'rediss://redis.internal:6380',
  KAFKA_BROKERS: 'kafka-1.internal:9093',
  INTERNAL_AUTH_SECRET: 'x'.repeat(32),
  CUSTOMERS_URL: 'http://customers:8081',
  QUOTING_URL: 'http://quoting:8082',
  TRANSFERS_URL: 'http://transfers:8083',
  LEDGER_URL: 'http://ledger:8084',
  BULK_IMPORT_URL: 'http://bulk-import-worker:8085',
  WEBHOOK_DISPATCHER_URL: 'http://webhook-dispatcher:8086',
  PUBLIC_BASE_URL: 'https://payments.example.com/2025-10-13',
};
