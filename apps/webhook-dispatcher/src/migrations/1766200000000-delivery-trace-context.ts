import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The W3C `traceparent` of the event a delivery was enqueued for, sent with every attempt so that the
 * webhook continues that event's trace (docs/api.md#webhooks). Null for webhooks no traced event caused.
 */
export class DeliveryTraceContext1766200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE deliveries ADD COLUMN traceparent text`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
